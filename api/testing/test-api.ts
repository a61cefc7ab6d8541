import { randomUUID } from 'node:crypto';
import type { Order } from '#contracts/order.ts';
import type { RegisterBody } from '#contracts/user.ts';
import type { TestApi } from './api-harness.ts';

/**
 * The shop's test vocabulary, as excalidraw's tests/helpers/api.ts is theirs: the accounts and
 * orders a test stands on but is not about, each made one way in one place, so a suite says
 * `registerAdmin(t)` where it used to say how. The API's own tests, the BFF's, the security and
 * fault suites and the e2e support may all import it (it sits in api/testing, which only ever
 * imports api/ and contracts/). The chat's pair is `chatPair` in ./sockets.ts (beside the
 * sockets it pairs); a session through the BFF is `bffSession` in bff/testing/bff-harness.ts
 * (api/ may not import the BFF's code).
 */

/** An account a test uses: `id` is `user._id`, for suites that only pass it on. */
export type Account = Awaited<ReturnType<TestApi['register']>> & { id: string };

/** What most suites keep of an account: its token to act, its id to look it up. */
export type Shopper = Pick<Account, 'token' | 'id'>;

/** The complete shipping address checkout requires (the demo's London address). */
export const SHIPPING_PROFILE = {
  phoneNumber: '+44 20 7946 0000',
  address: '12 Analytical St',
  country: 'United Kingdom',
  zipCode: 'N1 9GU',
  city: 'London',
  state: 'Greater London',
} as const;

const account = (registered: Awaited<ReturnType<TestApi['register']>>): Account => ({ ...registered, id: registered.user._id });

/** A new admin: registered, then made admin (its token is an admin's from its next request). */
export const registerAdmin = async (t: TestApi, overrides: Partial<RegisterBody> = {}): Promise<Account> => {
  const registered = await t.register(overrides);
  await t.makeAdmin(registered.user._id);
  return account({ ...registered, user: { ...registered.user, isAdmin: true } });
};

/** A call to the API as the holder of `token` (none: a guest), with `body` sent as JSON when given. */
export const callAs = (t: TestApi, token: string | undefined, method: string, path: string, body?: unknown) =>
  t.authed(token)(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** Writes SHIPPING_PROFILE onto an existing user, as a profile saved in full would. */
const giveProfile = (t: TestApi, userId: string) =>
  t.db.query(`update users set phone_number = $2, address = $3, country = $4, zip_code = $5, city = $6, state = $7 where id = $1`, [
    userId,
    SHIPPING_PROFILE.phoneNumber,
    SHIPPING_PROFILE.address,
    SHIPPING_PROFILE.country,
    SHIPPING_PROFILE.zipCode,
    SHIPPING_PROFILE.city,
    SHIPPING_PROFILE.state,
  ]);

/** A new customer (Ada Lovelace unless named otherwise) with the complete shipping profile, so checkout takes their orders. */
export const customerWithProfile = async (t: TestApi, overrides: Partial<RegisterBody> = {}): Promise<Account> => {
  const registered = await t.register({ name: 'Ada', lastName: 'Lovelace', ...overrides });
  await giveProfile(t, registered.user._id);
  return account(registered);
};

/** An admin with the complete shipping profile (Grace Lovelace), for suites whose admin also shops. */
export const adminWithProfile = async (t: TestApi, overrides: Partial<RegisterBody> = {}): Promise<Account> => {
  const admin = await registerAdmin(t, { name: 'Grace', lastName: 'Lovelace', ...overrides });
  await giveProfile(t, admin.id);
  return admin;
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

/**
 * An order `who` placed through POST /api/orders: two units of a new $12.50 product, paid by
 * wallet ('pp') unless `method` says cash ('cod'); the client claims $0.01 a unit, as the
 * server prices it itself.
 */
export const placedOrder = async (t: TestApi, who: { token: string }, method: 'pp' | 'cod' = 'pp'): Promise<Order> => {
  const product = await addProduct(t, { priceCents: 1250, count: 100 });
  return placeOrder(t, who.token, body([{ productID: product, quantity: 2, price: 0.01 }], method));
};
