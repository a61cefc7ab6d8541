import type { ProductAttr, ProductImage, ProductSummary, Review } from '#contracts/product.ts';
import { fromCents } from '#contracts/rules.ts';
import type { Queryable } from '../../db/index.ts';
import type { PageWindow } from '../../http/admin-page.ts';
import { escapeLike, type Where } from './list-sql.ts';

// rating is numeric(3,2): cast so both drivers hand over a number, not a string.
const PRODUCT = `id as "_id", name, description, price_cents as "priceCents", count, images,
  rating::float8 as rating, reviews_number as "reviewsNumber", category, attrs, sales, created_at as "createdAt"`;

type ProductRow = Omit<ProductSummary, 'price' | 'createdAt' | 'sales'> & {
  priceCents: number;
  sales: number;
  createdAt: Date | string;
};

/** The wire's summary: dollars, ISO time; sales only for admins (it is business data). */
const toSummary = ({ priceCents, createdAt, sales, ...rest }: ProductRow, withSales = false): ProductSummary => ({
  ...rest,
  price: fromCents(priceCents),
  createdAt: new Date(createdAt).toISOString(),
  ...(withSales ? { sales } : {}),
});

export const countMatching = async (db: Queryable, where: Where): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from products ${where.sql}`, where.params);
  return rows[0]?.n ?? 0;
};

/**
 * One page: the ids are picked first (an index-only scan when the order's index covers the
 * filter, so page 5000 skips 49,990 index entries without visiting their rows), then only the
 * page's rows are read, in the same order.
 */
export const pageQuery = (where: Where, orderBy: string, limit: number, offset: number): { sql: string; params: unknown[] } => {
  const n = where.params.length;
  return {
    sql: `select ${PRODUCT} from products
      where id in (select id from products ${where.sql} ${orderBy} limit $${n + 1} offset $${n + 2})
      ${orderBy}`,
    params: [...where.params, limit, offset],
  };
};

export const listMatching = async (
  db: Queryable,
  where: Where,
  orderBy: string,
  limit: number,
  offset: number,
): Promise<ProductSummary[]> => {
  const { sql, params } = pageQuery(where, orderBy, limit, offset);
  const { rows } = await db.query<ProductRow>(sql, params);
  return rows.map((r) => toSummary(r));
};

/** The products of these ids, in the order of the ids (a page whose order was found elsewhere). */
export const listByIds = async (db: Queryable, ids: string[]): Promise<ProductSummary[]> => {
  if (ids.length === 0) return [];
  const { rows } = await db.query<ProductRow>(`select ${PRODUCT} from products where id = any($1::uuid[])`, [ids]);
  const byId = new Map(rows.map((r) => [r._id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row)] : [];
  });
};

export const findProduct = async (db: Queryable, id: string): Promise<ProductSummary | null> => {
  const { rows } = await db.query<ProductRow>(`select ${PRODUCT} from products where id = $1`, [id]);
  return rows[0] ? toSummary(rows[0]) : null;
};

type ReviewRow = { _id: string; userName: string; rating: number; comment: string; createdAt: Date | string };

/**
 * A product's reviews as everyone may read them: the reviewer by name only (spec section 3,
 * `user.name`). The account behind a review stays in reviews.user_id, for the one-review-per-user
 * rule and for admins, never on the wire.
 */
export const listReviews = async (db: Queryable, productId: string): Promise<Review[]> => {
  const { rows } = await db.query<ReviewRow>(
    `select id as "_id", user_name as "userName", rating, comment, created_at as "createdAt"
       from reviews where product_id = $1 order by created_at desc, id`,
    [productId],
  );
  return rows.map((r) => ({
    _id: r._id,
    user: { name: r.userName },
    rating: r.rating,
    comment: r.comment,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
};

/**
 * The best seller of each top-level category, the categories ordered by that product's
 * sales. Ties (and a shop that has sold nothing yet) fall back to rating, then reviews.
 */
export const bestsellers = async (db: Queryable, limit: number): Promise<ProductSummary[]> => {
  const { rows } = await db.query<ProductRow>(
    `select * from (
       select distinct on (split_part(category, '/', 1)) ${PRODUCT}
         from products
        order by split_part(category, '/', 1), sales desc, rating desc, reviews_number desc, created_at, id
     ) best
     order by sales desc, rating desc, "reviewsNumber" desc, category collate "C", "_id"
     limit $1`,
    [limit],
  );
  return rows.map((r) => toSummary(r));
};

/** Newest first (products_created_idx), the id keeping equal times in a stable order. */
const ADMIN_ORDER = 'order by created_at desc, id';

/**
 * The admin list's filter: `search` is a piece of the name, any case; its `%` and `_` match
 * only themselves. Its parameter comes first, so the page's limit and offset follow it.
 */
const adminWhere = (search: string | undefined): { sql: string; params: unknown[] } =>
  search ? { sql: `where name ilike $1 escape '\\'`, params: [`%${escapeLike(search)}%`] } : { sql: '', params: [] };

export const listAll = async (db: Queryable, search?: string): Promise<ProductSummary[]> => {
  const where = adminWhere(search);
  const { rows } = await db.query<ProductRow>(`select ${PRODUCT} from products ${where.sql} ${ADMIN_ORDER}`, where.params);
  return rows.map((r) => toSummary(r, true));
};

/** One page of `listAll`, in its order (an index walk that stops after the page). */
export const listAllPage = async (db: Queryable, { limit, offset }: PageWindow, search?: string): Promise<ProductSummary[]> => {
  const where = adminWhere(search);
  const n = where.params.length;
  const { rows } = await db.query<ProductRow>(
    `select ${PRODUCT} from products ${where.sql} ${ADMIN_ORDER} limit $${n + 1} offset $${n + 2}`,
    [...where.params, limit, offset],
  );
  return rows.map((r) => toSummary(r, true));
};

export const countAll = async (db: Queryable, search?: string): Promise<number> => {
  const where = adminWhere(search);
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from products ${where.sql}`, where.params);
  return rows[0]?.n ?? 0;
};

export const categoryExists = async (db: Queryable, name: string): Promise<boolean> => {
  const { rows } = await db.query('select 1 from categories where name = $1', [name]);
  return rows.length > 0;
};

export type ProductFields = {
  name: string;
  description: string;
  count: number;
  priceCents: number;
  category: string;
  attrs: ProductAttr[];
};

const fieldParams = (f: ProductFields) => [f.name, f.description, f.count, f.priceCents, f.category, JSON.stringify(f.attrs)];

export const insertProduct = async (db: Queryable, fields: ProductFields): Promise<string> => {
  const { rows } = await db.query<{ id: string }>(
    `insert into products (name, description, count, price_cents, category, attrs) values ($1, $2, $3, $4, $5, $6::jsonb) returning id`,
    fieldParams(fields),
  );
  return rows[0]!.id;
};

export const updateProduct = async (db: Queryable, id: string, fields: ProductFields): Promise<boolean> => {
  const { rowCount } = await db.query(
    `update products set name = $1, description = $2, count = $3, price_cents = $4, category = $5, attrs = $6::jsonb where id = $7`,
    [...fieldParams(fields), id],
  );
  return rowCount > 0;
};

/** Deletes the product (its reviews go with it); answers its images, or null if there was none. */
export const deleteProduct = async (db: Queryable, id: string): Promise<ProductImage[] | null> => {
  const { rows } = await db.query<{ images: ProductImage[] }>('delete from products where id = $1 returning images', [id]);
  return rows[0]?.images ?? null;
};

/** True when a foreign-key check failed: the category vanished between the check and the write. */
export const isMissingCategory = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23503';
