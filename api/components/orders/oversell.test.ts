import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { orderCount, productRow } from './fixtures.ts';
import { addProduct, body, customerWithProfile, post, type Shopper } from '../../testing/test-api.ts';

// On PostgreSQL (TEST_DATABASE_URL, a pool of 12) the 20 requests really race in parallel transactions.
describe('concurrent orders for the last units', () => {
  let t: TestApi;
  let buyers: Shopper[];
  beforeAll(async () => {
    t = await startTestApi();
    buyers = [];
    for (let i = 0; i < 20; i++) buyers.push(await customerWithProfile(t, { name: `Buyer${i}` }));
  });
  afterAll(() => t.stop());

  it('when 20 orders race for 5 units, then exactly 5 succeed, the rest get 400, stock is 0 and sales rose by 5', async () => {
    const last = await addProduct(t, { name: 'Last Console', priceCents: 49_900, count: 5 });
    const before = await orderCount(t);
    const answers = await Promise.all(buyers.map((b) => post(t, b.token, body([{ productID: last, quantity: 1 }]))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(15);
    for (const res of answers.filter((r) => r.status === 400)) {
      expect(await res.json()).toMatchObject({ field: 'cartItems.0.quantity', message: expect.stringContaining('Last Console') });
    }
    expect(await productRow(t, last)).toEqual({ count: 0, sales: 5 });
    expect(await orderCount(t)).toBe(before + 5);
  });
});
