/**
 * Crash safety of the embedded database (issue [Data]): npm start's API process (PGlite in its
 * worker thread, on disk) is SIGKILLed while 4 writers place orders. Opened again, every order
 * that was answered 201 is there, the product's stock is its starting stock minus what the
 * uncancelled new orders hold, and rebuilding the orders projection from the events changes no row.
 * On PostgreSQL the server's own WAL gives the same guarantee; this file runs the embedded case.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rebuildAllOrders } from '../../api/components/orders/projection.ts';
import { openDb } from '../../api/db/index.ts';
import { sessionCallHeaders } from '../../api/testing/api-harness.ts';
import { startApiChild } from '../../scripts/api-child.ts';

const SECRET = 'a-crash-test-internal-secret-of-32-chars-at-least';
const WRITERS = 4;
const KILL_AFTER = 40;
let dataDir: string;
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a SIGKILL during checkouts', () => {
  it('when the API is killed during 4 concurrent checkout writers, then every order answered 201 is there, stock agrees and the projection rebuilds to the same rows', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-crash-'));
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'development',
      MAX_OPEN_ORDERS_PER_ACCOUNT: '100000',
    };
    const api = await startApiChild({ env, internalSecret: SECRET });
    const login = await fetch(`${api.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sessionCallHeaders('127.0.0.1', SECRET) },
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
          process.kill(api.pid, 'SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    expect((await api.exited).signal).toBe('SIGKILL');

    // Opened again: the dead process's lock is stale and taken over.
    const db = await openDb({ dataDir });
    try {
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
    } finally {
      await db.close();
    }
  }, 120_000);
});
