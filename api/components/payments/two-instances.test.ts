import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '../../testing/api-harness.ts';
import { startSecondInstance } from '../../testing/second-instance.ts';
import { approvedWalletOrder, payingShop, paymentState, payWith } from './test-fixtures.ts';
import { placedOrder } from '../../testing/test-api.ts';

/*
 * The wallet capture claim lives in the order's row, so two API instances behind a balancer
 * (each its own pool on one PostgreSQL database under TEST_DATABASE_URL; one PGlite
 * connection otherwise) can never capture one order twice.
 */
describe('wallet payments on two API instances sharing one database', () => {
  const shop = payingShop();
  let b: TestApi;
  beforeAll(async () => {
    b = await startSecondInstance(shop.t);
  });
  // Before the first instance (payingShop's afterAll runs after this one): they share its database.
  afterAll(async () => {
    await b?.stop();
  });

  it('when different approved wallet orders of one order are paid on both instances at the same instant, then exactly one is captured and recorded, the others get 409', async () => {
    const { t: a, sim, ada } = shop;
    const order = await placedOrder(a, ada);
    const walletOrders = await Promise.all([a, b, a, b].map((api) => approvedWalletOrder(api, sim.base, ada.token, order._id)));
    const answers = await Promise.all(walletOrders.map((id, n) => payWith(n % 2 === 0 ? a : b, ada.token, order._id, id)));

    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await sim.store.capturesFor(order._id)).toBe(1);
    expect(await paymentState(a, order._id)).toMatchObject({ isPaid: true, payments: 1, paidEvents: 1 });
  });

  it('when the same wallet order is paid on both instances at once, then both answer the one payment that is recorded', async () => {
    const { t: a, sim, ada } = shop;
    const order = await placedOrder(a, ada);
    const walletOrder = await approvedWalletOrder(a, sim.base, ada.token, order._id);
    const answers = await Promise.all([a, b, a, b].map((api) => payWith(api, ada.token, order._id, walletOrder)));

    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const paidAt = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as { paidAt: string }).paidAt)));
    expect(paidAt.size).toBe(1);
    expect(await sim.store.capturesFor(order._id)).toBe(1);
    expect(await paymentState(a, order._id)).toMatchObject({ isPaid: true, payments: 1, paidEvents: 1 });
  });
});
