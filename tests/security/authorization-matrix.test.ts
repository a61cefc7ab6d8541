import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestApi, sessionCallHeaders, startTestApi } from '../../api/testing/api-harness.ts';
import { body as orderBody } from '../../api/components/orders/fixtures.ts';
import { CATEGORY, type SeededShop, seedShop } from './seeded-shop.ts';

/**
 * Every endpoint of spec section 7 (as the API serves it) × every kind of caller. The BFF's
 * own GET /api/get-token is covered by the BFF's tests; GET /api/logout is below the table
 * because it ends the caller's session.
 */

type Caller = 'guest' | 'user' | 'other' | 'admin';
/**
 * ok: 2xx. login: 401. forbidden: 403. hidden: 403 or 404 (someone else's thing).
 * missing: 404. allowed: got past authorization (2xx, or a 4xx other than 401/403 when a
 * business rule refuses the body), never a 5xx.
 */
type Expect = 'ok' | 'login' | 'forbidden' | 'hidden' | 'missing' | 'allowed';
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (s: SeededShop) => string;
  body?: (s: SeededShop, who: Caller) => unknown;
  expect: Record<Caller, Expect>;
};

const PUBLIC = { guest: 'ok', user: 'ok', other: 'ok', admin: 'ok' } as const;
const USERS = { guest: 'login', user: 'ok', other: 'ok', admin: 'ok' } as const;
/** "user" owns the thing; "other" is a different shopper. */
const OWNER = { guest: 'login', user: 'ok', other: 'hidden', admin: 'ok' } as const;
const ADMIN = { guest: 'login', user: 'forbidden', other: 'forbidden', admin: 'ok' } as const;
const ADMIN_RULED = { ...ADMIN, admin: 'allowed' } as const;

const productBody = (name: string) => ({ name, description: 'Fast', count: 4, price: 999.5, category: CATEGORY, attributesTable: [{ key: 'RAM', value: '16 GB' }] });
// A full shipping profile: the callers place orders after this row (an order needs one).
const profileBody = { name: 'Same', lastName: 'Person', password: TEST_PASSWORD, phoneNumber: '+44 20 7946 0000', address: '1 Strand', country: 'UK', zipCode: 'WC2N 5DU', city: 'London', state: 'London' };
const today = new Date().toISOString().slice(0, 10);

const TABLE: Row[] = [
  // Categories
  { method: 'GET', path: () => '/api/categories', expect: PUBLIC },
  { method: 'POST', path: () => '/api/categories', body: () => ({ category: 'Security/Tablets' }), expect: ADMIN },
  { method: 'POST', path: () => '/api/categories/attr', body: () => ({ key: 'Colour', val: 'Red', categoryChoosen: CATEGORY }), expect: ADMIN },
  { method: 'DELETE', path: (s) => `/api/categories/${encodeURIComponent(s.spareCategory)}`, expect: ADMIN },
  // Products
  { method: 'GET', path: () => '/api/products/bestsellers', expect: PUBLIC },
  { method: 'GET', path: () => '/api/products/?pageNum=1&sort=price_1', expect: PUBLIC },
  { method: 'GET', path: () => `/api/products/category/${encodeURIComponent(CATEGORY)}/search/laptop/?pageNum=1`, expect: PUBLIC },
  { method: 'GET', path: (s) => `/api/products/get-one/${s.product}`, expect: PUBLIC },
  { method: 'GET', path: () => '/api/products/admin', expect: ADMIN },
  { method: 'GET', path: () => '/api/products/admin/image-host', expect: ADMIN },
  { method: 'POST', path: () => '/api/products/admin', body: (_s, who) => productBody(`New by ${who}`), expect: ADMIN },
  { method: 'PUT', path: (s) => `/api/products/admin/${s.product}`, body: () => productBody('Guarded laptop'), expect: ADMIN },
  // No file attached: the admin gets past the guard and is told what is missing.
  { method: 'POST', path: (s) => `/api/products/admin/upload?productId=${s.product}`, expect: ADMIN_RULED },
  {
    method: 'DELETE',
    path: (s) => `/api/products/admin/image/${encodeURIComponent('/images/guarded.png')}/${s.product}`,
    expect: ADMIN,
  },
  { method: 'DELETE', path: (s) => `/api/products/admin/${s.spareProduct}`, expect: ADMIN },
  // Users
  {
    method: 'POST',
    path: () => '/api/users/register',
    body: (_s, who) => ({ name: 'New', lastName: who, email: `new-${who}-${randomUUID()}@example.test`, password: TEST_PASSWORD }),
    expect: PUBLIC,
  },
  { method: 'PUT', path: () => '/api/users/profile', body: () => profileBody, expect: USERS },
  { method: 'GET', path: (s) => `/api/users/profile/${s.alice.id}`, expect: OWNER },
  { method: 'POST', path: (s) => `/api/users/review/${s.product}`, body: () => ({ comment: 'Solid', rating: 4 }), expect: USERS },
  {
    method: 'POST',
    path: () => '/api/users/review/00000000-0000-4000-8000-000000000000',
    body: () => ({ comment: 'Of nothing', rating: 4 }),
    expect: { guest: 'login', user: 'missing', other: 'missing', admin: 'missing' },
  },
  { method: 'GET', path: () => '/api/users', expect: ADMIN },
  { method: 'GET', path: (s) => `/api/users/${s.bob.id}`, expect: ADMIN },
  {
    method: 'PUT',
    path: (s) => `/api/users/${s.bob.id}`,
    body: () => ({ name: 'Bob', lastName: 'Lovelace', email: 'bob-renamed@example.test', isAdmin: false }),
    expect: ADMIN,
  },
  { method: 'DELETE', path: (s) => `/api/users/${s.spareUser}`, expect: ADMIN },
  { method: 'GET', path: () => '/api/session', expect: USERS },
  // Orders
  { method: 'GET', path: () => '/api/orders', expect: USERS },
  { method: 'POST', path: () => '/api/orders', body: (s) => orderBody([{ productID: s.product, quantity: 1 }], 'cod'), expect: USERS },
  { method: 'GET', path: (s) => `/api/orders/user/${s.aliceOrder._id}`, expect: OWNER },
  // Only the buyer pays: an admin may read any order but not pay it.
  { method: 'POST', path: (s) => `/api/orders/${s.aliceOrder._id}/wallet-order`, expect: { ...OWNER, admin: 'hidden' } },
  // A made-up wallet order: the owner is refused by the payment rules, never by the guard.
  {
    method: 'PUT',
    path: (s) => `/api/orders/paid/${s.aliceOrder._id}`,
    body: () => ({ walletOrderId: 'MADE-UP-123' }),
    expect: { guest: 'login', user: 'allowed', other: 'hidden', admin: 'hidden' },
  },
  { method: 'GET', path: () => '/api/orders/admin', expect: ADMIN },
  { method: 'PUT', path: (s) => `/api/orders/delivered/${s.bobOrder._id}`, expect: ADMIN },
  { method: 'GET', path: () => `/api/orders/analysis/${today}`, expect: ADMIN },
  // Wallet settings for the order page (public: no secret in them)
  { method: 'GET', path: () => '/api/payments/config', expect: PUBLIC },
];

const matches = (status: number, expected: Expect): boolean => {
  switch (expected) {
    case 'ok':
      return status >= 200 && status < 300;
    case 'login':
      return status === 401;
    case 'forbidden':
      return status === 403;
    case 'hidden':
      return status === 403 || status === 404;
    case 'missing':
      return status === 404;
    case 'allowed':
      return status < 500 && status !== 401 && status !== 403;
  }
};

/** Names for the seeded ids, so test titles stay the same from run to run. */
const PLACEHOLDERS = {
  alice: { id: ':alice', token: '' },
  aliceEmail: ':aliceEmail',
  bob: { id: ':bob', token: '' },
  boss: { id: ':admin', token: '' },
  aliceOrder: { _id: ':aliceOrder' },
  bobOrder: { _id: ':bobOrder' },
  product: ':product',
  spareProduct: ':spareProduct',
  spareUser: ':spareUser',
  spareCategory: ':spareCategory',
} as unknown as SeededShop;

describe('security: who may call what', () => {
  let t: TestApi;
  let shop: SeededShop;
  let tokens: Record<Caller, string | undefined>;
  beforeAll(async () => {
    t = await startTestApi();
    shop = await seedShop(t);
    tokens = { guest: undefined, user: shop.alice.token, other: shop.bob.token, admin: shop.boss.token };
  });
  afterAll(() => t.stop());

  // Callers go in this order so an admin's successful delete comes after everyone's refusal.
  const callers: Caller[] = ['guest', 'user', 'other', 'admin'];
  for (const row of TABLE) {
    const label = decodeURIComponent(row.path(PLACEHOLDERS));
    it(`when each kind of caller sends ${row.method} ${label}, then guest/user/other/admin get ${callers.map((c) => row.expect[c]).join('/')}`, async () => {
      const seen: string[] = [];
      for (const who of callers) {
        const body = row.body?.(shop, who);
        // The direct run plays the BFF: its session proof lets login and register through.
        const res = await t.authed(tokens[who])(row.path(shop), {
          method: row.method,
          headers: sessionCallHeaders(),
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        await res.arrayBuffer();
        seen.push(`${who}:${res.status}${matches(res.status, row.expect[who]) ? '' : ` (expected ${row.expect[who]})`}`);
      }
      expect(seen.filter((s) => s.includes('expected')), seen.join(', ')).toEqual([]);
    });
  }

  it('when the refused callers are done, then nothing only an admin may change was changed by them', async () => {
    const { rows } = await t.db.query<{ n: number }>(`select count(*)::int as n from products where name like 'New by %'`);
    expect(rows[0]!.n).toBe(1);
    const bob = await t.db.query<{ email: string; is_admin: boolean }>('select email, is_admin from users where id = $1', [shop.bob.id]);
    expect(bob.rows[0]).toEqual({ email: 'bob-renamed@example.test', is_admin: false });
  });

  it("when a user logs out, then only their own session ends, not another user's", async () => {
    const me = await t.register();
    const someoneElse = await t.register();
    expect((await t.authed(me.token)('/api/logout')).status).toBe(200);
    expect((await t.authed(me.token)('/api/session')).status).toBe(401);
    expect((await t.authed(someoneElse.token)('/api/session')).status).toBe(200);
    expect((await t.authed(undefined)('/api/logout')).status).toBe(200);
  });
});
