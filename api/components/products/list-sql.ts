import type { Sort } from '#contracts/product.ts';
import type { ListFilter } from './list-query.ts';

/** A WHERE clause and the parameters it refers to. User text only ever travels as a parameter. */
export type Where = {
  sql: string;
  params: unknown[];
  rankSql: string | null;
  /** The same conditions without the `where`, `''` when none: to add to another query's own. */
  conditions: string;
};

/** `%`, `_` and the escape character itself match only themselves in a LIKE pattern. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The category itself or anything below it: `Computers` holds `Computers/Laptops` but not `ComputersX`. */
const underCategory = (p: Params, name: string): string =>
  // LIKE on an escaped prefix (rather than starts_with) lets the text_pattern_ops index serve it.
  `(category = ${p.add(name)} or category like ${p.add(`${escapeLike(name)}/%`)} escape '\\')`;

/**
 * The search text as websearch_to_tsquery may safely read it. Its parser keeps every `-` it meets
 * before an operand as one more nested NOT on a stack of 32, so `-----…` failed with "tsquery
 * stack too small" (a 500). Only a letter, digit or `"` always starts an operand, so of `-`s with
 * none of those between them only the last is kept: at most one NOT per operand, whatever the
 * text; `-word`, `"a phrase"`, `or` and hyphenated words read as before.
 */
export const websearchText = (search: string): string => search.replace(/-(?=[^\p{L}\p{N}"]*-)/gu, '');

/**
 * Search: Postgres full-text search in websearch syntax. A query without any searchable word
 * (`%`, `C++`, `'`) falls back to a literal substring of the name or description, so such
 * searches still find what they literally name.
 */
const searchClause = (p: Params, search: string): { sql: string; rank: string } => {
  const q = `websearch_to_tsquery('english', ${p.add(websearchText(search))}::text)`;
  const literal = `'%' || ${p.add(escapeLike(search))}::text || '%'`;
  return {
    sql: `(search @@ ${q} or (numnode(${q}) = 0 and (name ilike ${literal} escape '\\' or description ilike ${literal} escape '\\')))`,
    rank: `ts_rank(search, ${q})`,
  };
};

/**
 * A product matches a whole star k when its rating rounds to k. numeric round() rounds halves
 * away from zero (4.5 stars shows as 5), and ratings are never negative, so that is
 * k - 0.5 <= rating < k + 0.5: written as ranges (adjacent stars merged) the rating index serves
 * it, where `round(rating)` hid the column from every index and from the planner's statistics.
 */
const ratingClause = (p: Params, ratings: number[]): string => {
  const stars = [...new Set(ratings)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const k of stars) {
    const last = ranges.at(-1);
    if (last && last[1] === k - 1) last[1] = k;
    else ranges.push([k, k]);
  }
  const sql = ranges.map(([low, high]) => `(rating >= ${p.add(low - 0.5)}::numeric and rating < ${p.add(high + 0.5)}::numeric)`);
  return `(${sql.join(' or ')})`;
};

export const buildWhere = (f: ListFilter): Where => {
  const p = new Params();
  const clauses: string[] = [];
  let rankSql: string | null = null;
  if (f.maxPriceCents !== undefined) clauses.push(`price_cents <= ${p.add(f.maxPriceCents)}`);
  if (f.ratings.length) clauses.push(ratingClause(p, f.ratings));
  if (f.pathCategory) clauses.push(underCategory(p, f.pathCategory));
  if (f.categories.length) clauses.push(`(${f.categories.map((c) => underCategory(p, c)).join(' or ')})`);
  for (const [key, values] of f.attrs) {
    // Containment, so the GIN index on attrs serves it.
    const anyValue = values.map((value) => `attrs @> ${p.add(JSON.stringify([{ key, value }]))}::jsonb`);
    clauses.push(`(${anyValue.join(' or ')})`);
  }
  if (f.search) {
    const s = searchClause(p, f.search);
    clauses.push(s.sql);
    rankSql = s.rank;
  }
  const conditions = clauses.join(' and ');
  return { sql: conditions ? `where ${conditions}` : '', params: p.values, rankSql, conditions };
};

const NAME = `lower(name) collate "C", name collate "C"`;
const NAME_DESC = `lower(name) collate "C" desc, name collate "C" desc`;

const SORT_SQL: Record<Sort, string> = {
  price_1: 'price_cents asc',
  'price_-1': 'price_cents desc',
  'rating_-1': 'rating desc, reviews_number desc',
  name_1: NAME,
  'name_-1': NAME_DESC,
};

/** An explicit sort wins; a search ranks by relevance; otherwise newest first. The id keeps pages stable. */
export const orderBy = (sort: Sort | undefined, rankSql: string | null): string => {
  const parts = [sort ? SORT_SQL[sort] : null, rankSql ? `${rankSql} desc` : null, sort ? null : 'created_at desc', 'id'];
  return `order by ${parts.filter(Boolean).join(', ')}`;
};
