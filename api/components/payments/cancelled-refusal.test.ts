import { describe, expect, it } from 'vitest';
import { sweepExpiredOrders } from '../orders/cancel-service.ts';
import { age, cancel, cancelled } from '../orders/lifecycle-fixtures.ts';
import { approvedOrder, createWalletOrder, paymentState, payWith, payingShop, unpaid } from './test-fixtures.ts';

describe('a cancelled order is never charged', () => {
  const shop = payingShop();

  const isCancelled = async (orderId: string) =>
    (await shop.t.db.query<{ c: boolean }>('select is_cancelled as c from orders where id = $1', [orderId])).rows[0]!.c;

  it('when a payment arrives for an order the buyer cancelled, then 409 and the wallet captures nothing', async () => {
    const { t, sim, ada } = shop;
    const { order, walletOrderId: walletOrder } = await approvedOrder(shop);
    await cancelled(t, ada.token, order._id);
    const res = await payWith(t, ada.token, order._id, walletOrder);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/cancelled/);
    expect(await sim.store.capturesFor(order._id)).toBe(0);
    expect(await paymentState(t, order._id)).toEqual(unpaid);
    expect((await createWalletOrder(t, ada.token, order._id)).status).toBe(409);
  });

  it('when the order expired while the buyer was approving in the wallet, then the payment is refused without a capture', async () => {
    const { t, sim, ada } = shop;
    const { order, walletOrderId: walletOrder } = await approvedOrder(shop);
    await age(t.db, order._id, 31);
    expect(await sweepExpiredOrders(t.api.context)).toContain(order._id);
    expect((await payWith(t, ada.token, order._id, walletOrder)).status).toBe(409);
    expect(await sim.store.capturesFor(order._id)).toBe(0);
  });

  it('when cancel and pay race for the same orders, then exactly one wins each time and money is taken only from orders that end paid', async () => {
    const { t, sim, ada, boss } = shop;
    for (let i = 0; i < 8; i++) {
      const { order, walletOrderId: walletOrder } = await approvedOrder(shop);
      const canceller = i % 2 === 0 ? ada : boss;
      // Alternate who starts first, so both orders of arrival are tried.
      const [cancelRes, payRes] =
        i % 4 < 2
          ? await Promise.all([cancel(t, canceller.token, order._id), payWith(t, ada.token, order._id, walletOrder)])
          : await Promise.all([payWith(t, ada.token, order._id, walletOrder), cancel(t, canceller.token, order._id)]).then(
              ([p, c]) => [c, p] as const,
            );
      const state = await paymentState(t, order._id);
      const wasCancelled = await isCancelled(order._id);
      expect([cancelRes.status, payRes.status].sort(), `race ${i}`).toEqual([200, 409]);
      expect(wasCancelled).toBe(cancelRes.status === 200);
      expect(state.isPaid).toBe(payRes.status === 200);
      expect(await sim.store.capturesFor(order._id), `race ${i}: captures`).toBe(state.isPaid ? 1 : 0);
    }
  });
});
