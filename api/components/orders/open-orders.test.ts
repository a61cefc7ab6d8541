import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyOpenOrders } from '#contracts/rules.ts';
import { loadApiConfig } from '../../config.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { orderCount, productRow } from './fixtures.ts';
import { addProduct, adminWithProfile, body, customerWithProfile, placeOrder, post, type Shopper } from '../../testing/test-api.ts';
import { cancelled, deliver } from './lifecycle-fixtures.ts';
import { recordEvent } from './projection.ts';
import { apiRefusals } from '../../../tests/support/metrics-text.ts';

const METRICS_TOKEN = 'open-orders-metrics-token-0123456789';

// One account may hold MAX_OPEN_ORDERS_PER_ACCOUNT orders that are neither paid, delivered nor cancelled.
// On PostgreSQL (TEST_DATABASE_URL, a pool of 12) the concurrent orders really race in parallel transactions.
describe('open orders per account', () => {
  let t: TestApi;
  let boss: Shopper;
  beforeAll(async () => {
    t = await startTestApi({ attachments: [], config: { MAX_OPEN_ORDERS_PER_ACCOUNT: 3, METRICS_TOKEN } });
    boss = await adminWithProfile(t);
  });
  afterAll(() => t.stop());

  const holding = async (howMany: number, method: 'pp' | 'cod' = 'cod') => {
    const buyer = await customerWithProfile(t);
    const product = await addProduct(t, { priceCents: 1_000, count: 100 });
    const orders = [];
    for (let i = 0; i < howMany; i++) orders.push(await placeOrder(t, buyer.token, body([{ productID: product, quantity: 1 }], method)));
    return { buyer, product, orders };
  };

  it('when an account holds the limit of open orders, then the next is refused with 429 naming cartItems, nothing is taken, and /metrics counts the refusal', async () => {
    const { buyer, product } = await holding(3);
    const before = await orderCount(t);
    const refused = () => apiRefusals(t.url, METRICS_TOKEN, 'open-orders-per-account');
    const refusedBefore = await refused();
    const res = await post(t, buyer.token, body([{ productID: product, quantity: 5 }]));
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: tooManyOpenOrders(3), field: 'cartItems' });
    expect(await refused()).toBe(refusedBefore + 1);
    expect(await productRow(t, product)).toEqual({ count: 97, sales: 3 });
    expect(await orderCount(t)).toBe(before);
  });

  it('when one of them is cancelled, delivered or paid, then the account may place one more', async () => {
    const { buyer, product, orders } = await holding(3, 'cod');
    await cancelled(t, buyer.token, orders[0]!._id);
    expect((await post(t, buyer.token, body([{ productID: product, quantity: 1 }]))).status).toBe(201);
    expect((await post(t, buyer.token, body([{ productID: product, quantity: 1 }]))).status).toBe(429);

    expect((await deliver(t, boss.token, orders[1]!._id)).status).toBe(200);
    expect((await post(t, buyer.token, body([{ productID: product, quantity: 1 }], 'pp'))).status).toBe(201);
    expect((await post(t, buyer.token, body([{ productID: product, quantity: 1 }]))).status).toBe(429);
  });

  it('when a wallet order is paid but not yet delivered, then it no longer counts', async () => {
    const { buyer, product, orders } = await holding(3, 'pp');
    expect(await recordEvent(t.db, orders[2]!._id, 'paid')).toMatchObject({ isPaid: true, isDelivered: false });
    expect((await post(t, buyer.token, body([{ productID: product, quantity: 1 }]))).status).toBe(201);
  });

  it("when another account holds the limit, then this account's orders still go through", async () => {
    const { product } = await holding(3);
    const other = await customerWithProfile(t);
    expect((await post(t, other.token, body([{ productID: product, quantity: 1 }]))).status).toBe(201);
  });

  it('when an order at the limit repeats the Idempotency-Key of a placed one, then it answers that order, not 429', async () => {
    const buyer = await customerWithProfile(t);
    const product = await addProduct(t, { priceCents: 1_000, count: 100 });
    const first = await post(t, buyer.token, body([{ productID: product, quantity: 1 }]), 'checkout-1');
    expect(first.status).toBe(201);
    for (let i = 0; i < 2; i++) await placeOrder(t, buyer.token, body([{ productID: product, quantity: 1 }]));
    const again = await post(t, buyer.token, body([{ productID: product, quantity: 1 }]), 'checkout-1');
    expect(again.status).toBe(200);
    expect(((await again.json()) as { _id: string })._id).toBe(((await first.json()) as { _id: string })._id);
  });

  it('when 20 orders from an account with none open race, then exactly the limit is placed and the rest get 429', async () => {
    const buyer = await customerWithProfile(t);
    const product = await addProduct(t, { priceCents: 1_000, count: 100 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(t, buyer.token, body([{ productID: product, quantity: 2 }]))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    expect(await productRow(t, product)).toEqual({ count: 94, sales: 6 });
  });
});

describe('open orders per account, by default', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ attachments: [] });
  });
  afterAll(() => t.stop());

  it('when MAX_OPEN_ORDERS_PER_ACCOUNT is unset, then it is 10; a value under 1 stops the start', async () => {
    const secrets = { TOKEN_SECRET: 'x'.repeat(32), INTERNAL_SECRET: 'y'.repeat(32) };
    expect((await loadApiConfig(secrets)).MAX_OPEN_ORDERS_PER_ACCOUNT).toBe(10);
    expect((await loadApiConfig({ ...secrets, MAX_OPEN_ORDERS_PER_ACCOUNT: '25' })).MAX_OPEN_ORDERS_PER_ACCOUNT).toBe(25);
    await expect(loadApiConfig({ ...secrets, MAX_OPEN_ORDERS_PER_ACCOUNT: '0' })).rejects.toThrow(/MAX_OPEN_ORDERS_PER_ACCOUNT/);
    expect(t.config.MAX_OPEN_ORDERS_PER_ACCOUNT).toBe(10);
  });

  it('when MAX_UNITS_PER_PRODUCT is unset, then it is 10; 0, 2.5 or a word stops the start naming it', async () => {
    const secrets = { TOKEN_SECRET: 'x'.repeat(32), INTERNAL_SECRET: 'y'.repeat(32) };
    expect((await loadApiConfig(secrets)).MAX_UNITS_PER_PRODUCT).toBe(10);
    expect((await loadApiConfig({ ...secrets, MAX_UNITS_PER_PRODUCT: '3' })).MAX_UNITS_PER_PRODUCT).toBe(3);
    for (const bad of ['0', '2.5', 'many'])
      await expect(loadApiConfig({ ...secrets, MAX_UNITS_PER_PRODUCT: bad })).rejects.toThrow(/MAX_UNITS_PER_PRODUCT: must be/);
  });

  it('when 20 orders from an account with none open race, then exactly 10 are placed', async () => {
    const buyer = await customerWithProfile(t);
    const product = await addProduct(t, { priceCents: 1_000, count: 100 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(t, buyer.token, body([{ productID: product, quantity: 1 }]))));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = answers.find((r) => r.status === 429);
    expect(await refused?.json()).toEqual({ message: tooManyOpenOrders(10), field: 'cartItems' });
    expect(await productRow(t, product)).toEqual({ count: 90, sales: 10 });
  });
});
