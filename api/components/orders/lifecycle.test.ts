import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#contracts/order.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { startSmtpInbox, type SmtpInbox } from '../../testing/smtp-inbox.ts';
import { sample } from '../../../tests/support/metrics-text.ts';
import { queueChatReplyMail } from '../mail/chat-reply-mail.ts';
import { cancelled } from './lifecycle-fixtures.ts';

const METRICS_TOKEN = 'lifecycle-metrics-token-0123456789';
import { addProduct, adminWithProfile, body, customerWithProfile, placeOrder, type Shopper } from '../../testing/test-api.ts';

describe('order lifecycle', () => {
  let t: TestApi;
  let ada: Shopper;
  let boss: Shopper;
  let product: string;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await startTestApi({ config: { SMTP_URL: inbox.url, PUBLIC_ORIGIN: 'https://shop.example', METRICS_TOKEN } });
    [ada, boss] = [await customerWithProfile(t), await adminWithProfile(t)];
    product = await addProduct(t, { priceCents: 1200, count: 100 });
  });
  afterAll(async () => {
    await t.stop();
    await inbox.stop();
  });

  const deliver = (token: string, id: string) => t.authed(token)(`/api/orders/delivered/${id}`, { method: 'PUT' });
  const eventsOf = async (id: string) =>
    (await t.db.query<{ type: string }>('select type from order_events where order_id = $1 order by id', [id])).rows.map((r) => r.type);

  it('when an admin marks a cash-on-delivery order delivered, then it is delivered and paid (the cash) with their events, and a second call changes nothing', async () => {
    const order = await placeOrder(t, ada.token, body([{ productID: product, quantity: 1 }], 'cod'));
    const res = await deliver(boss.token, order._id);
    expect(res.status).toBe(200);
    const delivered = (await res.json()) as Order;
    expect(delivered).toMatchObject({ _id: order._id, isDelivered: true, deliveredAt: expect.any(String), isPaid: true });
    expect(delivered.paidAt).toBe(delivered.deliveredAt);
    expect(delivered.events?.map((e) => e.type)).toEqual(['created', 'delivered', 'paid']);
    expect(delivered.events?.[1]?.at).toBe(delivered.deliveredAt);
    expect(delivered.events?.[2]?.data).toEqual({ cash: true });

    const again = await deliver(boss.token, order._id);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Order).deliveredAt).toBe(delivered.deliveredAt);
    expect(await eventsOf(order._id)).toEqual(['created', 'delivered', 'paid']);

    const seen = (await (await t.authed(ada.token)(`/api/orders/user/${order._id}`)).json()) as Order;
    expect(seen).toMatchObject({ isDelivered: true, deliveredAt: delivered.deliveredAt, isPaid: true, paidAt: delivered.deliveredAt });
    const listed = (await (await t.authed(boss.token)('/api/orders/admin')).json()) as Order[];
    expect(listed.find((o) => o._id === order._id)).toMatchObject({ isPaid: true });
  });

  it('when a cash-on-delivery order is not delivered yet, then no call can record it paid: a wallet capture is refused before money moves', async () => {
    const order = await placeOrder(t, ada.token, body([{ productID: product, quantity: 1 }], 'cod'));
    const res = await t.authed(ada.token)(`/api/orders/paid/${order._id}`, {
      method: 'PUT',
      body: JSON.stringify({ walletOrderId: 'W-1' }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await eventsOf(order._id)).toEqual(['created']);
    await expect(
      t.db
        .query(`insert into order_events (order_id, type, data) values ($1, 'paid', '{"cash":true}')`, [order._id])
        .then(() => t.db.query(`update orders set is_paid = true, paid_at = now() where id = $1`, [order._id])),
    ).rejects.toThrow(/orders_cod_paid_on_delivery/);
  });

  it('when an admin marks an unpaid wallet order delivered, then 409 and it stays undelivered', async () => {
    const order = await placeOrder(t, ada.token, body([{ productID: product, quantity: 1 }], 'pp'));
    const res = await deliver(boss.token, order._id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/not paid/);
    expect(await eventsOf(order._id)).toEqual(['created']);
  });

  it('when an admin delivers an unknown or malformed order id, then 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'x']) expect((await deliver(boss.token, id)).status).toBe(404);
  });

  it('when a client claims a completed capture without a wallet order, then 400 and the order stays unpaid', async () => {
    const order = await placeOrder(t, ada.token, body([{ productID: product, quantity: 1 }], 'pp'));
    const res = await t.authed(ada.token)(`/api/orders/paid/${order._id}`, {
      method: 'PUT',
      body: JSON.stringify({ id: 'CAPTURE-1', status: 'COMPLETED' }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field?: string }).field).toBe('walletOrderId');
    const { rows } = await t.db.query<{ is_paid: boolean; paid_at: Date | null }>('select is_paid, paid_at from orders where id = $1', [
      order._id,
    ]);
    expect(rows[0]).toEqual({ is_paid: false, paid_at: null });
    expect(await eventsOf(order._id)).toEqual(['created']);
  });

  it('when an order is placed, delivered, or cancelled, then its buyer gets one mail of each over SMTP, with the lines, total, payment, address and a link', async () => {
    const order = await placeOrder(t, ada.token, body([{ productID: product, quantity: 2 }], 'cod'));
    const number = order._id.slice(0, 8).toUpperCase();
    const [placed] = await inbox.waitFor(new RegExp(`^Subject: Your order #${number} \\| Statefront$`, 'm'));
    const { rows } = await t.db.query<{ email: string }>('select email from users where id = $1', [ada.id]);
    expect(placed!.to).toEqual([rows[0]!.email]);
    expect(placed!.raw).toContain('Hello Ada,');
    expect(placed!.raw).toMatch(/2 × .+: \$24\.00/);
    expect(placed!.raw).toContain('Total: $24.00');
    expect(placed!.raw).toContain('Payment: Cash on delivery');
    expect(placed!.raw).toContain('Shipping to: ');
    expect(placed!.raw).toContain(`https://shop.example/user/order-details/${order._id}`);
    expect(placed!.raw).toContain('Content-Type: text/html');
    await deliver(boss.token, order._id);
    await deliver(boss.token, order._id);
    await inbox.waitFor(new RegExp(`Subject: Your order #${number} is delivered`));

    const other = await placeOrder(t, ada.token, body([{ productID: product, quantity: 1 }], 'cod'));
    await cancelled(t, ada.token, other._id);
    // Both of its mails, in whichever order the worker sends them (it claims what is due together).
    const otherNumber = other._id.slice(0, 8).toUpperCase();
    await inbox.waitFor(new RegExp(`^Subject: Your order #${otherNumber} \\| Statefront$`, 'm'));
    await inbox.waitFor(new RegExp(`Subject: Your order #${otherNumber} is cancelled`));
    const about = (id: string) => inbox.received.filter((m) => m.raw.includes(`Your order #${id.slice(0, 8).toUpperCase()}`));
    expect(about(order._id)).toHaveLength(2);
    expect(about(other._id)).toHaveLength(2);
  });

  it("when orders are placed, delivered twice and cancelled, then the API's /metrics counts each committed event once; with a wrong token it is the API's 404 for an unknown path", async () => {
    const scrape = async (token = METRICS_TOKEN) => fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    const counts = async () => {
      const text = await (await scrape()).text();
      return Object.fromEntries(
        ['placed', 'delivered', 'cancelled'].map((event) => [event, sample(text, 'statefront_orders_total', { event }) ?? 0]),
      );
    };
    const before = await counts();
    const order = await placeOrder(t, ada.token, body([{ productID: product, quantity: 1 }], 'cod'));
    await deliver(boss.token, order._id);
    await deliver(boss.token, order._id);
    await cancelled(t, ada.token, (await placeOrder(t, ada.token, body([{ productID: product, quantity: 1 }], 'cod')))._id);
    expect(await counts()).toEqual({ placed: before.placed! + 2, delivered: before.delivered! + 1, cancelled: before.cancelled! + 1 });

    const wrong = await scrape('not-the-metrics-token-0123');
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toEqual({ message: 'No such endpoint: GET /metrics' });
    const text = await (await scrape()).text();
    expect(
      sample(text, 'statefront_http_request_duration_seconds_count', { process: 'api', route: '/api/orders/delivered/:id', status: '200' }),
    ).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain(order._id);
  });

  it("when kiosks send heartbeats and one stops, then the API's /metrics counts statefront_kiosks online and offline", async () => {
    const beat = { state: 'attract', stateSeconds: 5, quietSeconds: 5, idleSeconds: 80, everySeconds: 15 };
    for (const name of ['Door', 'Window'])
      expect(
        (
          await fetch(`${t.url}/api/kiosks/heartbeat`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...beat, name }),
          })
        ).status,
      ).toBe(200);
    await t.db.query(`update kiosks set seen_at = now() - interval '1 minute' where name = 'Window'`);
    const text = await (await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(['online', 'offline', 'stuck'].map((state) => sample(text, 'statefront_kiosks', { state }))).toEqual([1, 1, 0]);
  });

  // The shop's other mails over the same SMTP server (their rules are tested with the .eml fallback:
  // bff/session/session.test.ts, api/realtime/accounts.test.ts).
  it('when a customer asks for a reset link, or an admin replies after they left the chat, then that mail goes over SMTP with its link on PUBLIC_ORIGIN', async () => {
    const { rows } = await t.db.query<{ email: string }>('select email from users where id = $1', [ada.id]);
    const email = rows[0]!.email;
    const asked = await t.authed(undefined)('/api/users/forgot-password', { method: 'POST', body: JSON.stringify({ email }) });
    expect(asked.status).toBe(200);
    const [reset] = await inbox.waitFor(new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$[\\s\\S]*Reset your password`, 'm'));
    expect(reset!.raw).toMatch(/https:\/\/shop\.example\/reset-password\/[A-Za-z0-9_-]{43}/);

    const key = `smtp-${Date.now()}`;
    const { rows: opened } = await t.db.query<{ id: string }>(
      `insert into chat_conversations (key, user_id, name, email, last_seq, opened_at, seen_at) values ($1, $2, 'Ada', $3, 2, now(), now())
       returning id::text as id`,
      [key, ada.id, email],
    );
    await t.db.query(
      `insert into chat_messages (conversation, seq, sender, body, at) values ($1, 1, 'client', 'Do you ship to Oslo?', now()), ($1, 2, 'admin', 'Yes, in three days', now())`,
      [opened[0]!.id],
    );
    expect(await queueChatReplyMail(t.db, key)).toBe(true);
    const [reply] = await inbox.waitFor(/^Subject: Support has answered you \| Statefront$/m);
    expect(reply!.to).toEqual([email]);
    expect(reply!.raw).toContain('Support wrote: Yes, in three days');
    expect(reply!.raw).toContain('https://shop.example/#support-chat');
  });
});
