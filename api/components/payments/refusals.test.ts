import { beforeAll, describe, expect, it } from 'vitest';
import { customerWithProfile, placedOrder, type Shopper } from '../../testing/test-api.ts';
import {
  approve,
  approvedOrder,
  approvedWalletOrder,
  createWalletOrder,
  paymentState,
  payWith,
  payingShop,
  unpaid,
} from './test-fixtures.ts';

describe('wallet payments that are not recorded', () => {
  const shop = payingShop();
  let bob: Shopper;
  beforeAll(async () => {
    bob = await customerWithProfile(shop.t, { name: 'Bob' });
  });

  const refused = async (res: Response, status: number, message: RegExp) => {
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
  };

  it.each([
    ['the capture is PENDING', 'pending', 402, /PENDING.*stays unpaid/],
    ['the capture is a cent short', 'wrong-amount', 409, /captured 24\.99 USD but the order totals 25\.00 USD/],
    ['the capture is in another currency', 'wrong-currency', 409, /in EUR, not USD/],
    ['the wallet declines the card', 'decline', 402, /declined.*stays unpaid/],
  ] as const)('when %s, then the order stays unpaid with a clear message', async (_what, outcome, status, message) => {
    const { t, ada } = shop;
    const { order, walletOrderId } = await approvedOrder(shop, outcome);
    await refused(await payWith(t, ada.token, order._id, walletOrderId), status, message);
    expect(await paymentState(t, order._id)).toEqual(unpaid);
  });

  it('when a declined payment is retried with a new wallet order that completes, then the order is paid', async () => {
    const { t, sim, ada } = shop;
    const order = await placedOrder(t, ada);
    await payWith(t, ada.token, order._id, await approvedWalletOrder(t, sim.base, ada.token, order._id, 'decline'));
    const res = await payWith(t, ada.token, order._id, await approvedWalletOrder(t, sim.base, ada.token, order._id));
    expect(res.status).toBe(200);
    expect(await paymentState(t, order._id)).toMatchObject({ isPaid: true, payments: 1, paidEvents: 1 });
  });

  it('when the buyer has not approved the wallet order yet, then 409 and nothing is captured', async () => {
    const { t, sim, ada } = shop;
    const order = await placedOrder(t, ada);
    const { id } = (await (await createWalletOrder(t, ada.token, order._id)).json()) as { id: string };
    await refused(await payWith(t, ada.token, order._id, id), 409, /not approved/);
    await approve(sim.base, id);
    expect((await payWith(t, ada.token, order._id, id)).status).toBe(200);
  });

  it('when a wallet order made for one order is used to pay another, then 409 and the other stays unpaid', async () => {
    const { t, sim, ada } = shop;
    const [cheap, other] = [await placedOrder(t, ada), await placedOrder(t, ada)];
    const walletOrderId = await approvedWalletOrder(t, sim.base, ada.token, cheap._id);
    await refused(await payWith(t, ada.token, other._id, walletOrderId), 409, /another order/);
    expect(await paymentState(t, other._id)).toEqual(unpaid);
  });

  it("when someone pays or starts paying another user's order, then 404 and it stays unpaid", async () => {
    const { t } = shop;
    const { order, walletOrderId } = await approvedOrder(shop);
    expect((await createWalletOrder(t, bob.token, order._id)).status).toBe(404);
    expect((await payWith(t, bob.token, order._id, walletOrderId)).status).toBe(404);
    expect(await paymentState(t, order._id)).toEqual(unpaid);
  });

  it('when a cash-on-delivery order is paid by wallet, then 409 and it is never marked paid', async () => {
    const { t, ada } = shop;
    const order = await placedOrder(t, ada, 'cod');
    await refused(await createWalletOrder(t, ada.token, order._id), 409, /cash on delivery/);
    await refused(await payWith(t, ada.token, order._id, 'ANYWALLETORDER01'), 409, /cash on delivery/);
    expect(await paymentState(t, order._id)).toEqual(unpaid);
  });

  it('when the wallet order id is missing or malformed, then 400 naming walletOrderId', async () => {
    const { t, ada } = shop;
    const order = await placedOrder(t, ada);
    for (const body of [{}, { walletOrderId: '' }, { walletOrderId: 'no spaces/or slashes' }]) {
      const res = await t.authed(ada.token)(`/api/orders/paid/${order._id}`, { method: 'PUT', body: JSON.stringify(body) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { field?: string }).field).toBe('walletOrderId');
    }
  });

  it('when nobody is logged in, then 401 and nothing is created', async () => {
    const { t, ada } = shop;
    const order = await placedOrder(t, ada);
    expect((await createWalletOrder(t, undefined, order._id)).status).toBe(401);
    expect((await payWith(t, undefined, order._id, 'X')).status).toBe(401);
  });
});
