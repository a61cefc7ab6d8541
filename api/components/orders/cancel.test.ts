import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisOrder, HourBucket, Order } from '#contracts/order.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { productRow } from './fixtures.ts';
import { addProduct, adminWithProfile, body, customerWithProfile, placeOrder, type Shopper } from '../../testing/test-api.ts';
import { age, cancel, cancelled, deliver, eventTypes, toCash } from './lifecycle-fixtures.ts';
import { sweepExpiredOrders } from './cancel-service.ts';
import { rebuildAllOrders } from './projection.ts';

describe('cancelling an order', () => {
  let t: TestApi;
  let ada: Shopper;
  let eve: Shopper;
  let boss: Shopper;
  beforeAll(async () => {
    t = await startTestApi({ attachments: [] });
    [ada, eve, boss] = [
      await customerWithProfile(t, { name: 'Ada' }),
      await customerWithProfile(t, { name: 'Eve' }),
      await adminWithProfile(t),
    ];
  });
  afterAll(() => t.stop());

  const order = async (method: 'pp' | 'cod', quantity = 3) => {
    const product = await addProduct(t, { priceCents: 2_500, count: 10 });
    return { product, order: await placeOrder(t, ada.token, body([{ productID: product, quantity }], method)) };
  };

  it('when the buyer cancels an unpaid wallet order, then it reads cancelled "by you", the event is recorded and the stock and sales are back', async () => {
    const { product, order: placed } = await order('pp');
    expect(await productRow(t, product)).toEqual({ count: 7, sales: 3 });
    const done = await cancelled(t, ada.token, placed._id);
    expect(done).toMatchObject({
      isCancelled: true,
      cancelReason: 'buyer',
      cancelledAt: expect.any(String),
      isPaid: false,
      isDelivered: false,
    });
    expect(done.events?.map((e) => e.type)).toEqual(['created', 'cancelled']);
    expect(done.events?.[1]).toMatchObject({ at: done.cancelledAt, data: { reason: 'buyer' } });
    expect(await productRow(t, product)).toEqual({ count: 10, sales: 0 });
    const seen = (await (await t.authed(ada.token)(`/api/orders/user/${placed._id}`)).json()) as Order;
    expect(seen).toMatchObject({ isCancelled: true, cancelReason: 'buyer' });
  });

  it("when an admin cancels a customer's cash-on-delivery order, then it reads cancelled by the shop and the stock is back", async () => {
    const { product, order: placed } = await order('cod', 2);
    const done = await cancelled(t, boss.token, placed._id);
    expect(done).toMatchObject({ isCancelled: true, cancelReason: 'admin' });
    expect(await productRow(t, product)).toEqual({ count: 10, sales: 0 });
  });

  it("when another user cancels someone else's order, then 404 as for reading it, and nothing changes; without a session 401", async () => {
    const { product, order: placed } = await order('pp');
    expect((await cancel(t, eve.token, placed._id)).status).toBe(404);
    expect((await cancel(t, undefined, placed._id)).status).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'x']) expect((await cancel(t, ada.token, id)).status).toBe(404);
    expect(await eventTypes(t.db, placed._id)).toEqual(['created']);
    expect(await productRow(t, product)).toEqual({ count: 7, sales: 3 });
  });

  it('when the order is already cancelled or delivered, then cancelling answers 409 and the stock is returned only once', async () => {
    const { product, order: placed } = await order('pp');
    await cancelled(t, ada.token, placed._id);
    const again = await cancel(t, boss.token, placed._id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(/already cancelled/);
    expect(await productRow(t, product)).toEqual({ count: 10, sales: 0 });

    const { order: cod } = await order('cod', 1);
    expect((await deliver(t, boss.token, cod._id)).status).toBe(200);
    const late = await cancel(t, ada.token, cod._id);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toMatch(/delivered/);
  });

  it('when an admin marks a cancelled order delivered, then 409 and it stays undelivered', async () => {
    const { order: placed } = await order('cod', 1);
    await cancelled(t, ada.token, placed._id);
    const res = await deliver(t, boss.token, placed._id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/cancelled/);
    expect(await eventTypes(t.db, placed._id)).toEqual(['created', 'cancelled']);
  });

  it('when the buyer switches an unpaid wallet order to cash on delivery, then it reads cash with its event, a capture is refused, and it never expires', async () => {
    const { order: placed } = await order('pp', 1);
    const res = await toCash(t, ada.token, placed._id);
    expect(res.status).toBe(200);
    const switched = (await res.json()) as Order;
    expect(switched).toMatchObject({ paymentMethod: 'cod', isPaid: false, isCancelled: false });
    expect(switched.events?.map((e) => e.type)).toEqual(['created', 'switchedToCash']);
    expect((await toCash(t, ada.token, placed._id)).status).toBe(200);
    expect(await eventTypes(t.db, placed._id)).toEqual(['created', 'switchedToCash']);
    const capture = await t.authed(ada.token)(`/api/orders/paid/${placed._id}`, {
      method: 'PUT',
      body: JSON.stringify({ walletOrderId: 'W-2' }),
    });
    expect(capture.status).toBeGreaterThanOrEqual(400);
    await age(t.db, placed._id, 24 * 60);
    await sweepExpiredOrders(t.api.context);
    expect(await eventTypes(t.db, placed._id)).toEqual(['created', 'switchedToCash']);
    // The projection keeps the switch: a rebuild from the events gives cash again.
    await t.db.query(`update orders set payment_method = 'pp' where id = $1`, [placed._id]);
    await rebuildAllOrders(t.db);
    expect((await t.db.query<{ m: string }>('select payment_method as m from orders where id = $1', [placed._id])).rows[0]?.m).toBe('cod');
  });

  it("when someone switches another's, a cancelled or a paid order to cash, then 404 or 409 and nothing changes", async () => {
    const { order: other } = await order('pp', 1);
    expect((await toCash(t, eve.token, other._id)).status).toBe(404);
    expect((await toCash(t, boss.token, other._id)).status).toBe(404);
    expect((await toCash(t, undefined, other._id)).status).toBe(401);
    await cancelled(t, ada.token, other._id);
    const late = await toCash(t, ada.token, other._id);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toMatch(/cancelled/);
    const { order: paying } = await order('pp', 1);
    await t.db.query(`update orders set capturing_wallet_order_id = 'W-3', capture_claimed_at = now() where id = $1`, [paying._id]);
    expect((await toCash(t, ada.token, paying._id)).status).toBe(409);
    expect(await eventTypes(t.db, paying._id)).toEqual(['created']);
  });

  it("when an order of the day is cancelled, then the day's analysis counts it in no revenue", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const analysis = async () => (await (await t.authed(boss.token)(`/api/orders/analysis/${today}`)).json()) as AnalysisOrder[];
    const { order: kept } = await order('cod', 1);
    const { order: dropped } = await order('pp', 2);
    expect((await analysis()).map((o) => o._id)).toEqual(expect.arrayContaining([kept._id, dropped._id]));
    const totalBefore = ((await (await t.authed(boss.token)(`/api/orders/analysis/${today}?bucket=hour`)).json()) as HourBucket[]).at(
      -1,
    )!.total;

    await cancelled(t, ada.token, dropped._id);
    const ids = (await analysis()).map((o) => o._id);
    expect(ids).toContain(kept._id);
    expect(ids).not.toContain(dropped._id);
    const buckets = (await (await t.authed(boss.token)(`/api/orders/analysis/${today}?bucket=hour`)).json()) as HourBucket[];
    expect(buckets.at(-1)!.total).toBeCloseTo(totalBefore - dropped.orderTotal.cartSubtotal, 2);
  });
});
