import type { Order } from '../../contracts/order.ts';
import { type Shopper, admin, body, placeOrder, shopper } from '../../api/components/orders/fixtures.ts';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import type { TestApi } from '../../api/testing/api-harness.ts';

/** Test data shared by the security suites (not a test file itself). */

export const CATEGORY = 'Security/Laptops';

export type SeededShop = {
  alice: Shopper;
  aliceEmail: string;
  bob: Shopper;
  boss: Shopper;
  aliceOrder: Order;
  bobOrder: Order;
  product: string;
  /** Things only an admin may destroy; each is destroyed at most once by a suite. */
  spareProduct: string;
  spareUser: string;
  spareCategory: string;
};

/** Two shoppers with one order each, an admin, a product in a category, and spares to delete. */
export const seedShop = async (t: TestApi): Promise<SeededShop> => {
  const alice = await shopper(t, 'Alice');
  const bob = await shopper(t, 'Bob');
  const boss = await admin(t);
  const product = await addProduct(t.db, {
    name: 'Guarded laptop',
    category: CATEGORY,
    priceCents: 125_00,
    count: 1000,
    images: [{ path: '/images/guarded.png' }],
  });
  const spareProduct = await addProduct(t.db, { name: 'Spare laptop', category: CATEGORY, count: 3 });
  const spareCategory = 'Security/Spare';
  await t.db.query('insert into categories (name) values ($1)', [spareCategory]);
  const spareUser = (await t.register({ name: 'Spare' })).user._id;
  const aliceOrder = await placeOrder(t, alice.token, body([{ productID: product, quantity: 1 }], 'pp'));
  const bobOrder = await placeOrder(t, bob.token, body([{ productID: product, quantity: 2 }], 'cod'));
  const { rows } = await t.db.query<{ email: string }>('select email from users where id = $1', [alice.id]);
  return { alice, aliceEmail: rows[0]!.email, bob, boss, aliceOrder, bobOrder, product, spareProduct, spareUser, spareCategory };
};
