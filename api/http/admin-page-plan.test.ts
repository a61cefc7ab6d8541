import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrderAt } from '../components/orders/fixtures.ts';
import { type TestApi, startTestApi } from '../testing/api-harness.ts';
import { addProduct, registerAdmin } from '../testing/test-api.ts';

/**
 * At 100,000 orders the admin list answered 94 MB. A page must be cut in SQL, in the
 * list's order read off an index (migration 009), never by reading every row and slicing in JS.
 * The statements the API really sends for a page are caught and explained with sorting priced
 * out; plan shape only, timings are for bench/admin-orders.ts.
 */
const LISTS = [
  { path: '/api/orders/admin', index: 'orders_admin_order_idx', table: 'orders' },
  { path: '/api/products/admin', index: 'products_created_idx', table: 'products' },
  { path: '/api/users', index: 'users_admin_order_idx', table: 'users' },
] as const;

describe("the admin lists' page queries", () => {
  let t: TestApi;
  let token: string;
  beforeAll(async () => {
    t = await startTestApi();
    const admin = await registerAdmin(t, { name: 'Admin' });
    token = admin.token;
    for (let i = 0; i < 30; i += 1) {
      await insertOrderAt(t, admin.user._id, new Date(Date.UTC(2026, 0, 1, i)).toISOString(), 100);
      await addProduct(t, { priceCents: 100, count: 1 });
      await t.register({ name: `User${i}` });
    }
    await t.db.query('analyze');
  }, 60_000);
  afterAll(() => t.stop());

  /** Every statement the API sends while answering `path` that reads rows of `table`. */
  const statementsOf = async (path: string, table: string): Promise<Array<{ sql: string; params: unknown[] }>> => {
    const seen: Array<{ sql: string; params: unknown[] }> = [];
    const query = t.db.query.bind(t.db);
    t.db.query = ((sql: string, params?: unknown[]) => {
      if (new RegExp(`from ${table}\\b`).test(sql)) seen.push({ sql, params: params ?? [] });
      return query(sql, params);
    }) as typeof t.db.query;
    try {
      const res = await t.authed(token)(path);
      expect(res.status).toBe(200);
    } finally {
      t.db.query = query;
    }
    return seen;
  };

  const explain = (sql: string, params: unknown[]) =>
    t.db.transaction(async (tx) => {
      await tx.query('set local enable_sort = off');
      const { rows } = await tx.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it.each(LISTS)(
    'when an admin asks $path?page=2&limit=10, then the rows are cut by a LIMIT in SQL, in the order of $index',
    async ({ path, index, table }) => {
      const statements = await statementsOf(`${path}?page=2&limit=10`, table);
      const page = statements.filter((s) => !/count\(\*\)/.test(s.sql));
      expect(page).toHaveLength(1);
      expect(page[0]!.sql).toMatch(/limit \$1 offset \$2/);
      expect(page[0]!.params).toEqual([10, 10]);
      const plan = await explain(page[0]!.sql, page[0]!.params);
      expect(plan).toMatch(/Limit/);
      expect(plan).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index} on ${table}`));
      expect(plan).not.toMatch(/Sort Method|^\s*->\s*Sort\b/m);
    },
  );

  it.each(LISTS)(
    "when an admin asks $path with no page, then the whole list is read as before (the spec's array)",
    async ({ path, table }) => {
      const statements = await statementsOf(path, table);
      expect(statements.some((s) => /limit/i.test(s.sql))).toBe(false);
    },
  );
});
