import { describe, expect, it } from 'vitest';
import type { Order, PaidResponse } from '#contracts/order.ts';
import { approvedOrder, createWalletOrder, paidOrder, payingShop, paymentState, payWith } from './test-fixtures.ts';
import { placedOrder } from '../../testing/test-api.ts';
import { mailKindsAbout } from '../../testing/mail-inbox.ts';

describe('paying a wallet order', () => {
  const shop = payingShop();

  /** The wallet order as the provider holds it, read with the shop's own kind of token. */
  const providerOrder = async (id: string) => {
    const auth = await fetch(`${shop.sim.base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('id:secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token } = (await auth.json()) as { access_token: string };
    const res = await fetch(`${shop.sim.base}/v2/checkout/orders/${id}`, { headers: { authorization: `Bearer ${access_token}` } });
    return (await res.json()) as {
      status: string;
      purchase_units: Array<{ reference_id: string; amount: { currency_code: string; value: string }; items: unknown[] }>;
    };
  };

  it("when the buyer asks for a wallet order, then it is made in USD from the shop's own prices, not the client's", async () => {
    const { t, ada } = shop;
    const order = await placedOrder(t, ada);
    const res = await createWalletOrder(t, ada.token, order._id);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const unit = (await providerOrder(id)).purchase_units[0]!;
    expect(unit.reference_id).toBe(order._id);
    expect(unit.amount).toMatchObject({ currency_code: 'USD', value: '25.00' });
    expect(unit.items).toEqual([{ name: expect.any(String), quantity: '2', unit_amount: { currency_code: 'USD', value: '12.50' } }]);
  });

  it('when a completed capture of the full amount comes back, then the order is paid with its "paid" event at paidAt', async () => {
    const { t, ada } = shop;
    const { order, walletOrderId } = await approvedOrder(shop);
    const res = await payWith(t, ada.token, order._id, walletOrderId);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as PaidResponse;
    expect(answer).toEqual({ isPaid: true, paidAt: expect.any(String) });

    const seen = (await (await t.authed(ada.token)(`/api/orders/user/${order._id}`)).json()) as Order;
    expect(seen).toMatchObject({ isPaid: true, paidAt: answer.paidAt });
    expect(seen.events?.map((e) => e.type)).toEqual(['created', 'paid']);
    expect(seen.events?.[1]?.at).toBe(answer.paidAt);
    const { rows } = await t.db.query<{ amount_cents: number; currency: string; source: string }>(
      'select amount_cents, currency, source from payments where order_id = $1',
      [order._id],
    );
    expect(rows).toEqual([{ amount_cents: 2500, currency: 'USD', source: 'simulator' }]);
  });

  it('when the same capture is sent again, then the same paid answer comes back and nothing is recorded twice', async () => {
    const { t, ada } = shop;
    const { order, walletOrderId } = await approvedOrder(shop);
    const first = (await (await payWith(t, ada.token, order._id, walletOrderId)).json()) as PaidResponse;
    const again = await payWith(t, ada.token, order._id, walletOrderId);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect(await paymentState(t, order._id)).toMatchObject({ isPaid: true, payments: 1, paidEvents: 1 });
    expect(await mailKindsAbout(t.db, order._id)).toEqual(['order-created', 'order-paid']);
  });

  it('when several captures of the same order run at once, then all answer the one payment that is recorded', async () => {
    const { t, ada } = shop;
    const { order, walletOrderId } = await approvedOrder(shop);
    const answers = await Promise.all(Array.from({ length: 5 }, () => payWith(t, ada.token, order._id, walletOrderId)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as PaidResponse[];
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toEqual({ isPaid: true, paidAt: expect.any(String) });
    expect(await paymentState(t, order._id)).toMatchObject({ isPaid: true, payments: 1, paidEvents: 1 });
  });

  it('when the paid order is paid again with another wallet order, then 409 before any money moves', async () => {
    const { t, ada } = shop;
    const order = await paidOrder(shop);
    const another = await createWalletOrder(t, ada.token, order._id);
    expect(another.status).toBe(409);
    const res = await payWith(t, ada.token, order._id, 'SOMEOTHERORDER01');
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/already paid/);
    expect(await paymentState(t, order._id)).toMatchObject({ payments: 1, paidEvents: 1 });
  });

  it('when an admin marks a paid wallet order delivered, then it is delivered after its payment', async () => {
    const { t, boss } = shop;
    const order = await paidOrder(shop);
    const res = await t.authed(boss.token)(`/api/orders/delivered/${order._id}`, { method: 'PUT' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Order).events?.map((e) => e.type)).toEqual(['created', 'paid', 'delivered']);
  });
});
