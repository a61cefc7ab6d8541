import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { body as orderBody, customerWithProfile, placeOrder } from '../../api/testing/test-api.ts';
import type { Order } from '#contracts/order.ts';
import { CATEGORY, type SeededShop, completeProfile, seedShop, seedSpares, startWalletPayment } from './seeded-shop.ts';
import { DOORS, DOOR_LABEL, type Door, type DoorName, type Send, openDoors } from './through-bff.ts';

/**
 * Every endpoint of spec section 7 × every kind of caller, walked straight to the API and again
 * through the BFF's public port. Each row names the exact status of each caller, so the allowed
 * caller's success is checked beside the refusals in the same run: a 429 or a blanket 400 fails
 * the row. The BFF's own GET /api/get-token is covered by the BFF's tests; GET /api/logout is
 * below the table because it ends the caller's session.
 */

type Caller = 'guest' | 'user' | 'other' | 'admin';
type Statuses = Record<Caller, number>;
/**
 * The seeded shop, with the spares of one door, that door's name for things it creates and a
 * wallet payment of Alice's order that was started but never approved.
 */
type Shop = SeededShop & { tag: DoorName; walletOrderId: string; aliceToCancel: Order; carolToCancel: Order };
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: (s: Shop) => string;
  /** JSON, or FormData sent as multipart. */
  body?: (s: Shop, who: Caller) => unknown;
  expect: Statuses;
  /** Through the BFF, this call starts a new session in place of the caller's: log them in again after it. */
  replacesSession?: true;
};

const everyone = (ok = 200): Statuses => ({ guest: ok, user: ok, other: ok, admin: ok });
const users = (ok = 200): Statuses => ({ guest: 401, user: ok, other: ok, admin: ok });
const admins = (ok = 200): Statuses => ({ guest: 401, user: 403, other: 403, admin: ok });
/** "user" owns the thing; "other" is a different shopper, refused with `refused`. */
const owner = (refused: number, ok = 200): Statuses => ({ guest: 401, user: ok, other: refused, admin: ok });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const pngForm = () => {
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'pixel.png');
  return form;
};
const productBody = (name: string) => ({
  name,
  description: 'Fast',
  count: 4,
  price: 999.5,
  category: CATEGORY,
  attributesTable: [{ key: 'RAM', value: '16 GB' }],
});
const today = new Date().toISOString().slice(0, 10);
const NO_SUCH_PRODUCT = '00000000-0000-4000-8000-000000000000';

const TABLE: Row[] = [
  // Categories
  { method: 'GET', path: () => '/api/categories', expect: everyone() },
  { method: 'POST', path: () => '/api/categories', body: (s) => ({ category: `Security/Tablets-${s.tag}` }), expect: admins(201) },
  {
    method: 'POST',
    path: () => '/api/categories/attr',
    body: () => ({ key: 'Colour', val: 'Red', categoryChoosen: CATEGORY }),
    expect: admins(),
  },
  { method: 'DELETE', path: (s) => `/api/categories/${encodeURIComponent(s.spareCategory)}`, expect: admins() },
  // Products
  { method: 'GET', path: () => '/api/products/bestsellers', expect: everyone() },
  { method: 'GET', path: () => '/api/products/?pageNum=1&sort=price_1', expect: everyone() },
  { method: 'GET', path: () => `/api/products/category/${encodeURIComponent(CATEGORY)}/search/laptop/?pageNum=1`, expect: everyone() },
  { method: 'GET', path: (s) => `/api/products/get-one/${s.product}`, expect: everyone() },
  { method: 'GET', path: () => '/api/products/admin', expect: admins() },
  { method: 'GET', path: () => '/api/products/admin/image-host', expect: admins() },
  { method: 'POST', path: () => '/api/products/admin', body: (s, who) => productBody(`New by ${who} ${s.tag}`), expect: admins(201) },
  { method: 'PUT', path: (s) => `/api/products/admin/${s.product}`, body: () => productBody('Guarded laptop'), expect: admins() },
  { method: 'POST', path: (s) => `/api/products/admin/upload?productId=${s.product}`, body: pngForm, expect: admins(201) },
  {
    method: 'DELETE',
    path: (s) => `/api/products/admin/image/${encodeURIComponent(`/images/spare-${s.tag}.png`)}/${s.spareProduct}`,
    expect: admins(),
  },
  { method: 'DELETE', path: (s) => `/api/products/admin/${s.spareProduct}`, expect: admins() },
  // Users
  {
    method: 'POST',
    path: () => '/api/users/register',
    body: (_s, who) => ({ name: 'New', lastName: who, email: `new-${who}-${randomUUID()}@example.test`, password: TEST_PASSWORD }),
    expect: everyone(201),
    replacesSession: true,
  },
  { method: 'PUT', path: () => '/api/users/profile', body: () => completeProfile('Same'), expect: users() },
  { method: 'GET', path: (s) => `/api/users/profile/${s.alice.id}`, expect: owner(403) },
  { method: 'POST', path: (s) => `/api/users/review/${s.reviewed}`, body: () => ({ comment: 'Solid', rating: 4 }), expect: users(201) },
  // A review of nothing: everyone allowed to review is told the product is not there.
  {
    method: 'POST',
    path: () => `/api/users/review/${NO_SUCH_PRODUCT}`,
    body: () => ({ comment: 'Of nothing', rating: 4 }),
    expect: users(404),
  },
  { method: 'GET', path: () => '/api/users', expect: admins() },
  { method: 'GET', path: (s) => `/api/users/${s.bob.id}`, expect: admins() },
  {
    method: 'PUT',
    path: (s) => `/api/users/${s.bob.id}`,
    body: () => ({ name: 'Bob', lastName: 'Lovelace', email: 'bob-renamed@example.test', isAdmin: false }),
    expect: admins(),
  },
  { method: 'DELETE', path: (s) => `/api/users/${s.spareUser}`, expect: admins() },
  { method: 'GET', path: () => '/api/session', expect: users() },
  // Orders
  { method: 'GET', path: () => '/api/orders', expect: users() },
  { method: 'POST', path: () => '/api/orders', body: (s) => orderBody([{ productID: s.product, quantity: 1 }], 'cod'), expect: users(201) },
  { method: 'GET', path: (s) => `/api/orders/user/${s.aliceOrder._id}`, expect: owner(404) },
  // Only the buyer pays: an admin may read any order but not pay it.
  { method: 'POST', path: (s) => `/api/orders/${s.aliceOrder._id}/wallet-order`, expect: { ...owner(404, 201), admin: 404 } },
  // A wallet payment nobody approved: the owner is refused by the payment rules (409), never by the guard.
  {
    method: 'PUT',
    path: (s) => `/api/orders/paid/${s.aliceOrder._id}`,
    body: (s) => ({ walletOrderId: s.walletOrderId }),
    expect: { guest: 401, user: 409, other: 404, admin: 404 },
  },
  { method: 'GET', path: () => '/api/orders/admin', expect: admins() },
  { method: 'PUT', path: (s) => `/api/orders/delivered/${s.bobOrder._id}`, expect: admins() },
  // The buyer cancels their order (someone else's is 404); once cancelled, 409 even for an admin.
  { method: 'PUT', path: (s) => `/api/orders/cancel/${s.aliceToCancel._id}`, expect: { guest: 401, user: 200, other: 404, admin: 409 } },
  // An admin cancels any customer's unpaid order; other shoppers cannot even see it.
  { method: 'PUT', path: (s) => `/api/orders/cancel/${s.carolToCancel._id}`, expect: { guest: 401, user: 404, other: 404, admin: 200 } },
  { method: 'GET', path: () => `/api/orders/analysis/${today}`, expect: admins() },
  // Wallet settings for the order page (public: no secret in them)
  { method: 'GET', path: () => '/api/payments/config', expect: everyone() },
  // A kiosk shopper may be a guest; the link, not a login, gives the cart to a phone.
  { method: 'POST', path: () => '/api/handoffs', body: (s) => ({ lines: [{ productID: s.product, quantity: 1 }] }), expect: everyone(201) },
  { method: 'POST', path: () => '/api/handoffs/claim', body: () => ({ token: 'never-issued' }), expect: everyone(404) },
];

/** Names for the seeded ids, so test titles stay the same from run to run. */
const PLACEHOLDERS = {
  alice: { id: ':alice' },
  bob: { id: ':bob' },
  aliceOrder: { _id: ':aliceOrder' },
  bobOrder: { _id: ':bobOrder' },
  aliceToCancel: { _id: ':aliceToCancel' },
  carolToCancel: { _id: ':carolToCancel' },
  product: ':product',
  spareProduct: ':spareProduct',
  spareUser: ':spareUser',
  spareCategory: ':spareCategory',
  reviewed: ':reviewed',
  tag: ':door',
} as unknown as Shop;

// Callers go in this order so an admin's successful delete comes after everyone's refusal.
const CALLERS: Caller[] = ['guest', 'user', 'other', 'admin'];

describe('security: who may call what', () => {
  let t: TestApi;
  let base: SeededShop;
  let doors: Record<DoorName, Door>;
  let closeDoors: () => Promise<void>;
  const shops = {} as Record<DoorName, Shop>;
  const callers = {} as Record<DoorName, Record<Caller, Send>>;
  const logIn = async (door: Door): Promise<Record<Caller, Send>> => ({
    guest: door.guest,
    user: await door.login(base.alice.id),
    other: await door.login(base.bob.id),
    admin: await door.login(base.boss.id),
  });

  beforeAll(async () => {
    t = await startTestApi();
    base = await seedShop(t);
    ({ doors, stop: closeDoors } = await openDoors(t));
    for (const name of DOORS) {
      const walletOrderId = await startWalletPayment(t, base.alice, base.aliceOrder);
      const toCancel = async (who: { token: string }) =>
        placeOrder(t, who.token, orderBody([{ productID: base.product, quantity: 1 }], 'pp'));
      const [aliceToCancel, carolToCancel] = [await toCancel(base.alice), await toCancel(await customerWithProfile(t, { name: 'Carol' }))];
      shops[name] = { ...base, ...(await seedSpares(t, name)), tag: name, walletOrderId, aliceToCancel, carolToCancel };
      callers[name] = await logIn(doors[name]);
    }
  });
  afterAll(async () => {
    await closeDoors?.();
    await t?.stop();
  });

  describe.each(DOORS)('%s', (name) => {
    for (const row of TABLE) {
      const label = decodeURIComponent(row.path(PLACEHOLDERS));
      const expected = CALLERS.map((c) => row.expect[c]).join('/');
      it(`when each kind of caller sends ${row.method} ${label} ${DOOR_LABEL[name]}, then guest/user/other/admin get ${expected}`, async () => {
        const seen: string[] = [];
        for (const who of CALLERS) {
          const body = row.body?.(shops[name], who);
          const res = await callers[name][who](row.path(shops[name]), {
            method: row.method,
            ...(body === undefined ? {} : { body: body instanceof FormData ? body : JSON.stringify(body) }),
          });
          await res.arrayBuffer();
          seen.push(String(res.status));
        }
        if (row.replacesSession && name === 'BFF') callers[name] = await logIn(doors[name]);
        expect(seen.join('/')).toBe(expected);
      });
    }

    it(`when the refused callers are done ${DOOR_LABEL[name]}, then nothing only an admin may change was changed by them`, async () => {
      const made = await t.db.query<{ name: string }>(`select name from products where name like 'New by %' and name like $1`, [
        `% ${name}`,
      ]);
      expect(made.rows.map((r) => r.name)).toEqual([`New by admin ${name}`]);
      const bob = await t.db.query<{ email: string; is_admin: boolean }>('select email, is_admin from users where id = $1', [base.bob.id]);
      expect(bob.rows[0]).toEqual({ email: 'bob-renamed@example.test', is_admin: false });
    });

    it(`when a user logs out ${DOOR_LABEL[name]}, then only their own session ends, not another user's`, async () => {
      const door = doors[name];
      const me = await door.login((await t.register()).user._id);
      const someoneElse = await door.login((await t.register()).user._id);
      const statuses = [
        (await me('/api/logout')).status,
        (await me('/api/session')).status,
        (await someoneElse('/api/session')).status,
        (await door.guest('/api/logout')).status,
      ];
      expect(statuses).toEqual([200, 401, 200, 200]);
    });
  });
});
