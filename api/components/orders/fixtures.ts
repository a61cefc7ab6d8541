import { randomUUID } from 'node:crypto';
import type { Order } from '#contracts/order.ts';
import type { TestApi } from '../../testing/api-harness.ts';

/** Test helpers shared by the orders test files (not a test file itself). */

export type Shopper = { token: string; id: string };

/** A user with a full shipping profile, as checkout requires. */
export const shopper = async (t: TestApi, name = 'Ada'): Promise<Shopper> => {
  const { token, user } = await t.register({ name, lastName: 'Lovelace' });
  await t.db.query(
    `update users set phone_number = '+44 20 7946 0000', address = '12 Analytical St', country = 'United Kingdom',
            zip_code = 'N1 9GU', city = 'London', state = 'Greater London' where id = $1`,
    [user._id],
  );
  return { token, id: user._id };
};

export const admin = async (t: TestApi): Promise<Shopper> => {
  const s = await shopper(t, 'Grace');
  await t.makeAdmin(s.id);
  return s;
};

/** A product straight in the database (its category created if needed); answers its id. */
export const addProduct = async (t: TestApi, p: { name?: string; priceCents: number; count: number }): Promise<string> => {
  await t.db.query(`insert into categories (name) values ('Orders Test') on conflict (name) do nothing`);
  const { rows } = await t.db.query<{ id: string }>(
    `insert into products (name, description, price_cents, count, category, images)
     values ($1, 'A product for order tests', $2, $3, 'Orders Test', $4::jsonb) returning id`,
    [p.name ?? `Product ${randomUUID().slice(0, 8)}`, p.priceCents, p.count, JSON.stringify([{ path: '/images/test.png' }])],
  );
  return rows[0]!.id;
};

export const productRow = async (t: TestApi, id: string): Promise<{ count: number; sales: number }> => {
  const { rows } = await t.db.query<{ count: number; sales: number }>('select count, sales from products where id = $1', [id]);
  return rows[0]!;
};

export const orderCount = async (t: TestApi): Promise<number> => {
  const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from orders');
  return rows[0]!.n;
};

/** A checkout body as the client sends it; prices and totals are whatever the client believes. */
export const body = (lines: Array<{ productID: string; quantity: number; price?: number }>, paymentMethod: 'pp' | 'cod' = 'cod') => ({
  orderTotal: { itemsCount: lines.reduce((n, l) => n + l.quantity, 0), cartSubtotal: 0.01 },
  cartItems: lines.map((l) => ({ name: 'Whatever', price: l.price ?? 0.01, image: { path: '/x.png' }, count: 99, ...l })),
  paymentMethod,
});

export const post = (t: TestApi, token: string | undefined, payload: unknown, key?: string) =>
  t.authed(token)('/api/orders', {
    method: 'POST',
    body: JSON.stringify(payload),
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });

/** Places an order and answers it; throws unless 201. */
export const placeOrder = async (t: TestApi, token: string, payload: unknown): Promise<Order> => {
  const res = await post(t, token, payload);
  if (res.status !== 201) throw new Error(`order failed with ${res.status}: ${await res.text()}`);
  return (await res.json()) as Order;
};

/** An order row at a chosen time, straight in the database (analysis tests need exact times). */
export const insertOrderAt = async (t: TestApi, userId: string, createdAt: string, subtotalCents: number): Promise<string> => {
  const { rows } = await t.db.query<{ id: string }>(
    `insert into orders (user_id, user_snapshot, items_count, subtotal_cents, cart_items, payment_method, created_at)
     values ($1, '{}'::jsonb, 1, $2, '[]'::jsonb, 'cod', $3::timestamptz) returning id`,
    [userId, subtotalCents, createdAt],
  );
  return rows[0]!.id;
};
