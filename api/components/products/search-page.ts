import type { Queryable } from '../../db/index.ts';
import type { ListFilter } from './list-query.ts';
import { buildWhere, websearchText } from './list-sql.ts';

/**
 * The ids of one page of a one-word search in the list's own order (ts_rank desc, created_at
 * desc, id), without ranking every match: a common word matched 16,181 of 100,000 products and
 * all of them were read and ranked for a page of 10. Migration 010 explains why the
 * order splits in two: the products where the word is in the name or repeated (kept with their
 * rank in product_search_terms, a range of its order index), then the ones where it stands once
 * in the description, which all share the lowest rank and so follow newest first (the
 * products_created_idx order, walked until the page is full). Same products, same order as the
 * ranked query (search-page.test.ts compares them).
 *
 * Answers null when the search is not exactly one word once parsed (several words, a phrase, a
 * NOT, or no searchable word, which falls back to a substring): the ranked query serves those.
 * Only for the relevance order: an explicit sort comes before the rank.
 */
export const searchPageIds = async (
  db: Queryable,
  filter: ListFilter,
  limit: number,
  offset: number,
  /** How many products the whole search matches (the list's count): it only picks a plan. */
  total: Promise<number>,
): Promise<string[] | null> => {
  const { search, sort, ...rest } = filter;
  if (search === undefined || sort !== undefined) return null;
  const text = websearchText(search);
  const filters = buildWhere(rest);
  const n = filters.params.length;
  // The filters name only products' columns, which the terms table does not have.
  const filtered = filters.conditions ? `and exists (select 1 from products p where p.id = t.id and ${filters.conditions})` : '';
  // The word (null unless the query is one operand) and the ranked part of the page, in one call.
  const ranked = await db.query<{ lexeme: string | null; id: string | null }>(
    `with w as (select websearch_to_tsquery('english', $${n + 1}::text) as q),
          word as (select case when numnode(q) = 1 then (select lexeme from unnest(q::text::tsvector)) end as lexeme from w)
     select word.lexeme, page.id from word left join lateral (
       select t.id, t.rank, t.created_at from product_search_terms t where t.lexeme = word.lexeme ${filtered}
        order by t.rank desc, t.created_at desc, t.id limit $${n + 2} offset $${n + 3}
     ) page on true
     order by page.rank desc, page.created_at desc, page.id`,
    [...filters.params, text, limit, offset],
  );
  const lexeme = ranked.rows[0]?.lexeme;
  if (!lexeme) return null;
  const ids = ranked.rows.flatMap((r) => (r.id ? [r.id] : []));
  if (ids.length === limit) return ids;

  // The page reaches past the ranked products: how many there are says where the rest begins.
  let rankedCount = offset + ids.length;
  if (ids.length === 0 && offset > 0) {
    const counted = await db.query<{ n: number }>(
      `select count(*)::int as n from product_search_terms t where t.lexeme = $${n + 1} ${filtered}`,
      [...filters.params, lexeme],
    );
    rankedCount = counted.rows[0]?.n ?? 0;
  }
  const matches = await total;
  const plainCount = matches - rankedCount;
  const conditions = `${filters.conditions ? `${filters.conditions} and` : ''} search @@ websearch_to_tsquery('english', $${n + 1}::text)`;
  const notRanked = `not exists (select 1 from product_search_terms t where t.id = m.id and t.lexeme = $${n + 2})`;
  const page = `order by created_at desc, id limit $${n + 3} offset $${n + 4}`;
  // The planner cannot tell how many matches the NOT EXISTS leaves, and guesses all of them:
  // then walking products_created_idx until the page is full looks cheap. When fewer than half
  // are left (a word mostly in names, "wren": none) that walk may read the whole table, so the
  // matches are read first instead (what the ranked query read). The count (cached, maybe a few
  // seconds old) only picks the plan: both give the same rows.
  const sql =
    2 * plainCount >= matches
      ? `select id from products m where ${conditions} and ${notRanked} ${page}`
      : `with m as materialized (select id, created_at from products where ${conditions})
         select id from m where ${notRanked} ${page}`;
  const plain = await db.query<{ id: string }>(sql, [
    ...filters.params,
    text,
    lexeme,
    limit - ids.length,
    Math.max(0, offset - rankedCount),
  ]);
  return [...ids, ...plain.rows.map((r) => r.id)];
};
