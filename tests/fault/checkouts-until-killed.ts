/**
 * The crash tests' shared half: npm start's API process on the demo shop, 4
 * writers placing orders for one product until a kill, and afterwards the three things a crash
 * must not break: every order answered 201 is there, the product's stock is its starting stock
 * minus what the uncancelled new orders hold, and rebuilding the orders projection from the
 * events changes no row. Each test file brings its database and its way of dying.
 */
import { expect } from 'vitest';
import { rebuildAllOrders } from '../../api/components/orders/projection.ts';
import type { Db } from '../../api/db/index.ts';
import { sessionCallHeaders } from '../../api/testing/api-harness.ts';
import { TEST_CACHE_DIR } from '../../api/testing/cache-dir.ts';
import type { ApiChild } from '../../scripts/api-child.ts';

export const CRASH_SECRET = 'a-crash-test-internal-secret-of-32-chars-at-least';
const WRITERS = 4;
const KILL_AFTER = 40;

/**
 * The API process's environment: the demo shop (its photos copied from the tier's cache, not
 * processed again: about 15 CPU s each time), and no cap on one account's open orders.
 */
export const crashEnv = (dataDir: string, more: Record<string, string> = {}): Record<string, string | undefined> => ({
  ...process.env,
  DATA_DIR: dataDir,
  SEED: 'demo',
  DEMO_POOL_CACHE: TEST_CACHE_DIR,
  LOG_LEVEL: 'silent',
  NODE_ENV: 'development',
  MAX_OPEN_ORDERS_PER_ACCOUNT: '100000',
  ...more,
});

export type Checkouts = {
  /** The ids of the orders answered 201. */
  placed: string[];
  /** The product ordered, as the list showed it before the first order. */
  product: { _id: string; count: number };
  since: Date;
};

/**
 * John orders one of the product with the most stock, 4 orders at a time; once 40 are answered
 * 201, `kill` runs (once) while the others are in flight. Resolves when every writer has lost
 * its connection to the dead process.
 */
export const checkoutsUntilKilled = async (api: ApiChild, kill: () => void): Promise<Checkouts> => {
  const login = await fetch(`${api.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...sessionCallHeaders('127.0.0.1', CRASH_SECRET) },
    body: JSON.stringify({ email: 'john@doe.com', password: 'john@doe.com' }),
  });
  const { token } = (await login.json()) as { token: string };
  const list = (await (await fetch(`${api.url}/api/products?pageNum=1`)).json()) as { products: Array<{ _id: string; count: number }> };
  const product = list.products.reduce((best, p) => (p.count > best.count ? p : best));
  const placed: string[] = [];
  const since = new Date();
  let killed = false;
  const writer = async () => {
    while (!killed) {
      try {
        const res = await fetch(`${api.url}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            orderTotal: { itemsCount: 1, cartSubtotal: 0.01 },
            cartItems: [{ productID: product._id, quantity: 1, name: 'x', price: 0.01, image: { path: '/x.png' }, count: 1 }],
            paymentMethod: 'cod',
          }),
        });
        if (res.status === 201) placed.push(((await res.json()) as { _id: string })._id);
      } catch {
        return; // the connection died with the process
      }
      if (placed.length >= KILL_AFTER && !killed) {
        killed = true;
        kill();
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  return { placed, product, since };
};

/** The three checks, on the database opened again; answers the product's stock. */
export const expectNothingLost = async (db: Db, { placed, product, since }: Checkouts): Promise<number> => {
  const { rows: found } = await db.query<{ id: string }>('select id from orders where id = any($1::uuid[])', [placed]);
  expect(found).toHaveLength(placed.length);
  const { rows } = await db.query<{ count: number; held: number }>(
    `select p.count, coalesce((select sum((i ->> 'quantity')::int) from orders o cross join lateral jsonb_array_elements(o.cart_items) i
             where o.created_at >= $2 and not o.is_cancelled and (i ->> 'productID')::uuid = p.id), 0)::int as held
       from products p where p.id = $1`,
    [product._id, since],
  );
  expect(rows[0]!.count).toBe(product.count - rows[0]!.held);
  expect(rows[0]!.held).toBeGreaterThanOrEqual(placed.length);
  const orders = async () => (await db.query('select * from orders order by id')).rows;
  const before = await orders();
  await db.transaction((tx) => rebuildAllOrders(tx));
  expect(await orders()).toEqual(before);
  return rows[0]!.count;
};
