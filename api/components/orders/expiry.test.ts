import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, createApi } from '../../app.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { mailKindsAbout } from '../../testing/mail-inbox.ts';
import { sweepExpiredOrders } from './cancel-service.ts';
import { sweepIntervalMs } from './expiry-sweep.ts';
import { productRow } from './fixtures.ts';
import { addProduct, body, customerWithProfile, placeOrder, type Shopper } from '../../testing/test-api.ts';
import { age, eventTypes } from './lifecycle-fixtures.ts';

const row = async (t: TestApi, id: string) =>
  (
    await t.db.query<{ isCancelled: boolean; cancelReason: string | null }>(
      'select is_cancelled as "isCancelled", cancel_reason as "cancelReason" from orders where id = $1',
      [id],
    )
  ).rows[0]!;

describe('unpaid wallet orders expire', () => {
  let t: TestApi;
  let second: Api;
  let ada: Shopper;
  beforeAll(async () => {
    t = await startTestApi({ attachments: [], config: { UNPAID_ORDER_MINUTES: 30 } });
    // A second API instance on the same database, as when several run behind the proxy.
    second = createApi({ db: t.db, config: t.config, attachments: [] });
    ada = await customerWithProfile(t);
  });
  afterAll(() => t.stop());

  const place = async (method: 'pp' | 'cod', minutesAgo: number) => {
    const product = await addProduct(t, { priceCents: 900, count: 10 });
    const order = await placeOrder(t, ada.token, body([{ productID: product, quantity: 4 }], method));
    await age(t.db, order._id, minutesAgo);
    return { product, id: order._id };
  };

  it('when two instances sweep at the same moment, then each expired wallet order is cancelled exactly once "not paid in time" and its stock returned once', async () => {
    const expired = await Promise.all([place('pp', 31), place('pp', 45), place('pp', 600)]);
    const fresh = await place('pp', 29);
    const cod = await place('cod', 600);

    const runs = await Promise.all([
      sweepExpiredOrders(t.api.context),
      sweepExpiredOrders(second.context),
      sweepExpiredOrders(t.api.context),
    ]);
    const all = runs.flat();
    expect(all.filter((id) => expired.some((o) => o.id === id)).sort()).toEqual(expired.map((o) => o.id).sort());
    expect(new Set(all).size).toBe(all.length);

    for (const o of expired) {
      expect(await row(t, o.id)).toEqual({ isCancelled: true, cancelReason: 'expired' });
      expect(await eventTypes(t.db, o.id)).toEqual(['created', 'cancelled']);
      expect(await mailKindsAbout(t.db, o.id)).toEqual(['order-created', 'order-cancelled']);
      expect(await productRow(t, o.product)).toEqual({ count: 10, sales: 0 });
    }
    for (const o of [fresh, cod]) {
      expect(await row(t, o.id)).toEqual({ isCancelled: false, cancelReason: null });
      expect(await productRow(t, o.product)).toEqual({ count: 6, sales: 4 });
    }
  });

  it('when a wallet capture is under way for an old order, then the sweep leaves it alone', async () => {
    const o = await place('pp', 120);
    await t.db.query(`update orders set capturing_wallet_order_id = 'WALLET-1', capture_claimed_at = now() where id = $1`, [o.id]);
    expect(await sweepExpiredOrders(t.api.context)).not.toContain(o.id);
    expect(await row(t, o.id)).toEqual({ isCancelled: false, cancelReason: null });
  });

  it('when an API instance starts, then its own sweep cancels an expired order without being asked, and stop ends it', async () => {
    const o = await place('pp', 90);
    const { url } = await second.start(0, '127.0.0.1');
    expect(url).toMatch(/^http:/);
    await expect.poll(async () => (await row(t, o.id)).isCancelled, { timeout: 5_000 }).toBe(true);
    await second.stop();
  });

  it('when the hold is set, then the sweep runs every tenth of it, between a second and a minute', () => {
    expect(sweepIntervalMs(30)).toBe(60_000);
    expect(sweepIntervalMs(5)).toBe(30_000);
    expect(sweepIntervalMs(1)).toBe(6_000);
  });
});
