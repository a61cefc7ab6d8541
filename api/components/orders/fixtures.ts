import type { TestApi } from '../../testing/api-harness.ts';

/**
 * Test helpers shared by the orders test files (not a test file itself). The accounts, products
 * and orders a test stands on come from api/testing/test-api.ts, the shared vocabulary.
 */

export const productRow = async (t: TestApi, id: string): Promise<{ count: number; sales: number }> => {
  const { rows } = await t.db.query<{ count: number; sales: number }>('select count, sales from products where id = $1', [id]);
  return rows[0]!;
};

export const orderCount = async (t: TestApi): Promise<number> => {
  const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from orders');
  return rows[0]!.n;
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
