import type { Category, CategoryAttr } from '#contracts/category.ts';
import type { Queryable } from '../../db/index.ts';

const CATEGORY = `id as "_id", name, description, image, attrs`;

export const listCategories = async (db: Queryable): Promise<Category[]> => {
  // "C" collation: the same order on PGlite and on any PostgreSQL server, whatever its locale.
  const { rows } = await db.query<Category>(`select ${CATEGORY} from categories order by lower(name) collate "C", name collate "C"`);
  return rows;
};

/** Inserts the category; null when one of that name exists already. */
export const insertCategory = async (db: Queryable, name: string): Promise<Category | null> => {
  const { rows } = await db.query<Category>(
    `insert into categories (name) values ($1) on conflict (name) do nothing returning ${CATEGORY}`,
    [name],
  );
  return rows[0] ?? null;
};

/** The category, locked until the transaction ends (an attribute save reads, merges, writes). */
export const findCategoryForUpdate = async (tx: Queryable, name: string): Promise<Category | null> => {
  const { rows } = await tx.query<Category>(`select ${CATEGORY} from categories where name = $1 for update`, [name]);
  return rows[0] ?? null;
};

export const saveAttrs = async (tx: Queryable, name: string, attrs: CategoryAttr[]): Promise<void> => {
  await tx.query('update categories set attrs = $2::jsonb where name = $1', [name, JSON.stringify(attrs)]);
};

/** How many products sit in the category or anywhere below it (`Computers` counts `Computers/Laptops`). */
export const countProductsUnder = async (db: Queryable, name: string): Promise<number> => {
  // A prefix comparison rather than LIKE, so `%` or `_` in a name match only themselves.
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from products where category = $1 or left(category, length($1) + 1) = $1 || '/'`,
    [name],
  );
  return rows[0]?.n ?? 0;
};

/** Deletes the category, answering its picture; null when there was none, 'in use' when a product inserted meanwhile still references it. */
export const deleteCategory = async (db: Queryable, name: string): Promise<{ image: string } | null | 'in use'> => {
  try {
    const { rows } = await db.query<{ image: string }>('delete from categories where name = $1 returning image', [name]);
    return rows[0] ?? null;
  } catch (error) {
    if ((error as { code?: string } | null)?.code === '23503') return 'in use';
    throw error;
  }
};

/** Sets the category's description and picture; null when no category has that name. */
export const updateCategory = async (
  db: Queryable,
  name: string,
  edit: { description: string; image: string },
): Promise<Category | null> => {
  const { rows } = await db.query<Category>(`update categories set description = $2, image = $3 where name = $1 returning ${CATEGORY}`, [
    name,
    edit.description,
    edit.image,
  ]);
  return rows[0] ?? null;
};

/** `name = $1 or below it`, as a prefix comparison rather than LIKE (`%` and `_` match only themselves). */
const UNDER = `(name = $1 or left(name, length($1) + 1) = $1 || '/')`;

/**
 * The names the category and its sub-categories would take under `to` that another category has
 * already (the ones being renamed free theirs).
 */
export const renameClashes = async (db: Queryable, from: string, to: string): Promise<string[]> => {
  const { rows } = await db.query<{ name: string }>(
    `select c.name from categories c
      where c.name in (select $2 || substr(name, length($1) + 1) from categories where ${UNDER})
        and not (c.name = $1 or left(c.name, length($1) + 1) = $1 || '/')`,
    [from, to],
  );
  return rows.map((r) => r.name);
};

/** Renames the category and every sub-category below it; products follow (on update cascade). */
export const renameCategory = async (db: Queryable, from: string, to: string): Promise<void> => {
  await db.query(`update categories set name = $2 || substr(name, length($1) + 1) where ${UNDER}`, [from, to]);
};

/** How many products of the category (whose form offers its attributes) have `key` = `value`. */
export const countProductsWithAttr = async (db: Queryable, name: string, key: string, value: string): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from products where category = $1 and attrs @> $2::jsonb`, [
    name,
    JSON.stringify([{ key, value }]),
  ]);
  return rows[0]?.n ?? 0;
};
