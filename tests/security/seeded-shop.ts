import type { Order } from '#contracts/order.ts';
import { SHIPPING_PROFILE, adminWithProfile, body, customerWithProfile, placeOrder, type Shopper } from '../../api/testing/test-api.ts';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { TEST_PASSWORD, type TestApi } from '../../api/testing/api-harness.ts';

/** Test data shared by the security suites (not a test file itself). */

export const CATEGORY = 'Security/Laptops';

/**
 * A body for PUT /api/users/profile: the same password (no change, so no session ends) and the
 * complete shipping address checkout needs, so orders placed after it still go through.
 */
export const completeProfile = (name: string) => ({
  name,
  lastName: 'Lovelace',
  password: TEST_PASSWORD,
  ...SHIPPING_PROFILE,
});

/** Things a suite uses up (deletes, or reviews once per user): one set for each way in. */
export type Spares = {
  /** Carries the image `/images/spare-<tag>.png`. */
  spareProduct: string;
  spareUser: string;
  spareCategory: string;
  /** A product every seeded user may review once. */
  reviewed: string;
};

export type SeededShop = Spares & {
  alice: Shopper;
  aliceEmail: string;
  bob: Shopper;
  boss: Shopper;
  aliceOrder: Order;
  bobOrder: Order;
  product: string;
};

/** A product with an image, a product to review, a user and a category, all named after `tag`. */
export const seedSpares = async (t: TestApi, tag: string): Promise<Spares> => {
  const spareProduct = await addProduct(t.db, {
    name: `Spare laptop ${tag}`,
    category: CATEGORY,
    count: 3,
    images: [{ path: `/images/spare-${tag}.png` }],
  });
  const reviewed = await addProduct(t.db, { name: `Reviewed laptop ${tag}`, category: CATEGORY, count: 3 });
  const spareCategory = `Security/Spare-${tag}`;
  await t.db.query('insert into categories (name) values ($1)', [spareCategory]);
  const spareUser = (await t.register({ name: `Spare ${tag}` })).user._id;
  return { spareProduct, spareUser, spareCategory, reviewed };
};

/**
 * Two shoppers with one order each and an admin, all with the complete shipping profile
 * checkout requires; a product in a category; and spares to use up.
 */
export const seedShop = async (t: TestApi, tag = 'shared'): Promise<SeededShop> => {
  const alice = await customerWithProfile(t, { name: 'Alice' });
  const bob = await customerWithProfile(t, { name: 'Bob' });
  const boss = await adminWithProfile(t);
  const product = await addProduct(t.db, {
    name: 'Guarded laptop',
    category: CATEGORY,
    priceCents: 125_00,
    count: 1000,
    images: [{ path: '/images/guarded.png' }],
  });
  const spares = await seedSpares(t, tag);
  const aliceOrder = await placeOrder(t, alice.token, body([{ productID: product, quantity: 1 }], 'pp'));
  const bobOrder = await placeOrder(t, bob.token, body([{ productID: product, quantity: 2 }], 'cod'));
  const { rows } = await t.db.query<{ email: string }>('select email from users where id = $1', [alice.id]);
  return { alice, aliceEmail: rows[0]!.email, bob, boss, aliceOrder, bobOrder, product, ...spares };
};

/** Starts a wallet payment of the buyer's order and answers its id; nobody approves it in the wallet. */
export const startWalletPayment = async (t: TestApi, buyer: Shopper, order: Order): Promise<string> => {
  const res = await t.authed(buyer.token)(`/api/orders/${order._id}/wallet-order`, { method: 'POST' });
  if (res.status !== 201) throw new Error(`wallet order failed with ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
};
