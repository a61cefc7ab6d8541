import type { Queryable } from '../../db/index.ts';

/** Locks the product row, so concurrent reviews of one product recompute its average one after another. */
export const lockProduct = async (tx: Queryable, productId: string): Promise<boolean> => {
  const { rows } = await tx.query('select 1 from products where id = $1 for update', [productId]);
  return rows.length > 0;
};

/** Inserts the review; false when this user has already reviewed this product. */
export const insertReview = async (
  tx: Queryable,
  review: { productId: string; userId: string; userName: string; rating: number; comment: string },
): Promise<boolean> => {
  const { rowCount } = await tx.query(
    `insert into reviews (product_id, user_id, user_name, rating, comment) values ($1, $2, $3, $4, $5)
     on conflict (product_id, user_id) do nothing`,
    [review.productId, review.userId, review.userName, review.rating, review.comment],
  );
  return rowCount > 0;
};

/** Recomputes the product's average rating and review count from its reviews. */
export const refreshRating = async (tx: Queryable, productId: string): Promise<void> => {
  await tx.query(
    `update products p
        set rating = coalesce(r.avg, 0), reviews_number = r.n
       from (select round(avg(rating), 2) as avg, count(*)::int as n from reviews where product_id = $1) r
      where p.id = $1`,
    [productId],
  );
};
