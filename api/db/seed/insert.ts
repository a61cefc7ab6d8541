import { foldOrders } from '../../components/orders/projection.ts';
import type { Queryable } from '../types.ts';
import { BATCH_SIZE, bulkInsert, type Column } from './bulk.ts';
import { eventsOf, type OrderRow, type ReviewRow, type UserRow } from './plan-activity.ts';
import type { CategoryRow, ProductRow } from './plan-catalogue.ts';

const col = (name: string, type: Column['type']): Column => ({ name, type });

/** Categories; names already present are left alone. */
export const insertCategories = async (q: Queryable, rows: readonly CategoryRow[]): Promise<number> => {
  const { rowCount } = await q.query(
    `insert into categories (name, description, image, attrs, created_at)
     select n, d, i, a::jsonb, c from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) as t(n, d, i, a, c)
     on conflict (name) do nothing`,
    [
      rows.map((r) => r.name),
      rows.map((r) => r.description),
      rows.map((r) => r.image),
      rows.map((r) => JSON.stringify(r.attrs)),
      rows.map((r) => r.createdAt.toISOString()),
    ],
  );
  return rowCount;
};

export const insertUsers = (q: Queryable, rows: readonly (UserRow & { passwordHash: string })[]): Promise<number> =>
  bulkInsert(
    q,
    'users',
    [
      col('id', 'uuid'),
      col('name', 'text'),
      col('last_name', 'text'),
      col('email', 'text'),
      col('password_hash', 'text'),
      col('phone_number', 'text'),
      col('address', 'text'),
      col('country', 'text'),
      col('zip_code', 'text'),
      col('city', 'text'),
      col('state', 'text'),
      col('is_admin', 'boolean'),
      col('created_at', 'timestamptz'),
    ],
    rows.map((u) => [
      u.id,
      u.name,
      u.lastName,
      u.email,
      u.passwordHash,
      u.phoneNumber,
      u.address,
      u.country,
      u.zipCode,
      u.city,
      u.state,
      u.isAdmin,
      u.createdAt,
    ]),
  );

export const insertProducts = (q: Queryable, rows: readonly ProductRow[], batchSize?: number): Promise<number> =>
  bulkInsert(
    q,
    'products',
    [
      col('id', 'uuid'),
      col('name', 'text'),
      col('description', 'text'),
      col('price_cents', 'integer'),
      col('count', 'integer'),
      col('category', 'text'),
      col('images', 'jsonb'),
      col('attrs', 'jsonb'),
      col('rating', 'numeric'),
      col('reviews_number', 'integer'),
      col('sales', 'integer'),
      col('created_at', 'timestamptz'),
    ],
    rows.map((p) => [
      p.id,
      p.name,
      p.description,
      p.priceCents,
      p.count,
      p.category,
      p.images,
      p.attrs,
      p.rating,
      p.reviewsNumber,
      p.sales,
      p.createdAt,
    ]),
    batchSize,
  );

export const insertReviews = (q: Queryable, rows: readonly ReviewRow[]): Promise<number> =>
  bulkInsert(
    q,
    'reviews',
    [
      col('product_id', 'uuid'),
      col('user_id', 'uuid'),
      col('user_name', 'text'),
      col('rating', 'integer'),
      col('comment', 'text'),
      col('created_at', 'timestamptz'),
    ],
    rows.map((r) => [r.productId, r.userId, r.userName, r.rating, r.comment, r.createdAt]),
  );

/**
 * Orders and their `order_events` rows (created, and paid / delivered / cancelled when so). The
 * rows get only what an order is (buyer, lines, totals, method, time); their state columns come
 * from the events through the API's own fold, as every order's do, so a rebuild finds them equal.
 */
export const insertOrders = async (
  q: Queryable,
  rows: readonly OrderRow[],
  batchSize?: number,
): Promise<{ orders: number; events: number }> => {
  const orders = await bulkInsert(
    q,
    'orders',
    [
      col('id', 'uuid'),
      col('user_id', 'uuid'),
      col('user_snapshot', 'jsonb'),
      col('items_count', 'integer'),
      col('subtotal_cents', 'integer'),
      col('cart_items', 'jsonb'),
      col('payment_method', 'text'),
      col('created_at', 'timestamptz'),
    ],
    rows.map((o) => [o.id, o.userId, o.userSnapshot, o.itemsCount, o.subtotalCents, o.cartItems, o.paymentMethod, o.createdAt]),
    batchSize,
  );
  const events = await bulkInsert(
    q,
    'order_events',
    [col('order_id', 'uuid'), col('type', 'text'), col('at', 'timestamptz'), col('data', 'jsonb')],
    rows.flatMap(eventsOf).map((e) => [e.orderId, e.type, e.at, e.data ?? {}]),
    batchSize,
  );
  const ids = rows.map((o) => o.id);
  const size = batchSize ?? BATCH_SIZE;
  for (let start = 0; start < ids.length; start += size) await foldOrders(q, ids.slice(start, start + size));
  return { orders, events };
};
