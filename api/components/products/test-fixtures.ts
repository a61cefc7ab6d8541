import type { ProductAttr, ProductImage } from '#contracts/product.ts';
import type { Queryable } from '../../db/index.ts';

/** Test data: categories and products written straight to the database. */
export type ProductFixture = {
  name: string;
  category: string;
  description?: string;
  priceCents?: number;
  count?: number;
  rating?: number;
  reviewsNumber?: number;
  sales?: number;
  attrs?: ProductAttr[];
  images?: ProductImage[];
  /** Seconds after 2026-01-01, so "newest first" is under the test's control. */
  age?: number;
};

export const addCategories = async (db: Queryable, names: string[]): Promise<void> => {
  await db.query('insert into categories (name) select unnest($1::text[]) on conflict (name) do nothing', [names]);
};

export const addProduct = async (db: Queryable, p: ProductFixture): Promise<string> => {
  await addCategories(db, [p.category]);
  const { rows } = await db.query<{ id: string }>(
    `insert into products (name, description, price_cents, count, category, rating, reviews_number, sales, attrs, images, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, timestamptz '2026-01-01T00:00:00Z' + make_interval(secs => $11))
     returning id`,
    [
      p.name,
      p.description ?? `About ${p.name}`,
      p.priceCents ?? 1000,
      p.count ?? 5,
      p.category,
      p.rating ?? 0,
      p.reviewsNumber ?? 0,
      p.sales ?? 0,
      JSON.stringify(p.attrs ?? []),
      JSON.stringify(p.images ?? []),
      p.age ?? 0,
    ],
  );
  return rows[0]!.id;
};
