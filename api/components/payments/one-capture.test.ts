import { describe, expect, it } from 'vitest';
import { approvedOrder, approvedWalletOrder, payingShop, paymentState, payWith } from './test-fixtures.ts';
import { placedOrder } from '../../testing/test-api.ts';

describe('one capture per order, whatever wallet orders the buyer holds', () => {
  const shop = payingShop();

  const recordedWalletOrder = async (orderId: string) =>
    (await shop.t.db.query<{ id: string }>('select wallet_order_id as id from payments where order_id = $1', [orderId])).rows[0]?.id;

  it('when several different approved wallet orders of one order are paid at the same instant, then exactly one is captured and recorded, the others get 409 without a capture', async () => {
    const { t, sim, ada } = shop;
    const order = await placedOrder(t, ada);
    const walletOrders = await Promise.all(Array.from({ length: 4 }, () => approvedWalletOrder(t, sim.base, ada.token, order._id)));
    const answers = await Promise.all(walletOrders.map((id) => payWith(t, ada.token, order._id, id)));

    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.status === 409)) {
      expect(((await refused.json()) as { message: string }).message).toMatch(/already (paid|being paid)/);
    }
    expect(await sim.store.capturesFor(order._id)).toBe(1);
    expect(await paymentState(t, order._id)).toMatchObject({ isPaid: true, payments: 1, paidEvents: 1 });
    expect(await recordedWalletOrder(order._id)).toBe(walletOrders[answers.findIndex((r) => r.status === 200)]);
  });

  it('when a capture is declined, then the order is free again and a new wallet order pays it with one capture', async () => {
    const { t, sim, ada } = shop;
    const { order, walletOrderId: declined } = await approvedOrder(shop, 'decline');
    expect((await payWith(t, ada.token, order._id, declined)).status).toBe(402);
    const fresh = await approvedWalletOrder(t, sim.base, ada.token, order._id);
    expect((await payWith(t, ada.token, order._id, fresh)).status).toBe(200);
    expect(await sim.store.capturesFor(order._id)).toBe(1);
    expect(await recordedWalletOrder(order._id)).toBe(fresh);
  });

  it('when a capture is left PENDING, then money may still move, so another wallet order is refused with 409 without a capture', async () => {
    const { t, sim, ada } = shop;
    const { order, walletOrderId: pending } = await approvedOrder(shop, 'pending');
    expect((await payWith(t, ada.token, order._id, pending)).status).toBe(402);
    const another = await payWith(t, ada.token, order._id, await approvedWalletOrder(t, sim.base, ada.token, order._id));
    expect(another.status).toBe(409);
    expect(((await another.json()) as { message: string }).message).toMatch(/already being paid/);
    expect(await sim.store.capturesFor(order._id)).toBe(1);
    expect(await paymentState(t, order._id)).toMatchObject({ isPaid: false, payments: 0 });
  });

  /** The order's claim as a capture left it long ago (a crash, a wallet that stopped answering). */
  const abandonClaim = (orderId: string, walletOrderId: string) =>
    shop.t.db.query(`update orders set capturing_wallet_order_id = $2, capture_claimed_at = now() - interval '1 hour' where id = $1`, [
      orderId,
      walletOrderId,
    ]);

  it('when a claim was abandoned long ago and the wallet never captured it, then a new wallet order takes it over and pays', async () => {
    const { t, sim, ada } = shop;
    const { order, walletOrderId: stuck } = await approvedOrder(shop);
    await abandonClaim(order._id, stuck);
    const fresh = await approvedWalletOrder(t, sim.base, ada.token, order._id);
    expect((await payWith(t, ada.token, order._id, fresh)).status).toBe(200);
    expect(await sim.store.capturesFor(order._id)).toBe(1);
    expect(await recordedWalletOrder(order._id)).toBe(fresh);
  });

  it('when a claim is recent, then another wallet order is refused even if the wallet has not captured it yet', async () => {
    const { t, sim, ada } = shop;
    const { order, walletOrderId: holder } = await approvedOrder(shop);
    await t.db.query('update orders set capturing_wallet_order_id = $2, capture_claimed_at = now() where id = $1', [order._id, holder]);
    expect((await payWith(t, ada.token, order._id, await approvedWalletOrder(t, sim.base, ada.token, order._id))).status).toBe(409);
    expect(await sim.store.capturesFor(order._id)).toBe(0);
    expect((await payWith(t, ada.token, order._id, holder)).status).toBe(200);
  });

  it("when an old claim's wallet order was captured, then it is never taken over", async () => {
    const { t, sim, ada } = shop;
    const { order, walletOrderId: pending } = await approvedOrder(shop, 'pending');
    await payWith(t, ada.token, order._id, pending);
    await abandonClaim(order._id, pending);
    expect((await payWith(t, ada.token, order._id, await approvedWalletOrder(t, sim.base, ada.token, order._id))).status).toBe(409);
    expect(await sim.store.capturesFor(order._id)).toBe(1);
  });
});
