import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { ClientToAdminPayload, NewOrderPayload } from '#contracts/chat.ts';
import { CHAT_EVENTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import { waitForEml } from '../testing/mail-inbox.ts';
import { addProduct, body, customerWithProfile, placeOrder, registerAdmin } from '../testing/test-api.ts';
import { ack, collect, comeBack, connect, connectAdmin, cutClientSide, holdOffline, hubTestApi, say, until } from '../testing/sockets.ts';

const live = hubTestApi();

const admin = async () => {
  const a = await connectAdmin(live.t);
  live.track(a.socket);
  return a;
};
const serverClosed = (socket: Socket) => new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
const demote = async (by: string, userId: string) => {
  const res = await live.t.authed(by)(`/api/users/${userId}`, {
    method: 'PUT',
    body: JSON.stringify({ name: 'Ada', lastName: 'Admin', email: `${userId}@example.test`, isAdmin: false }),
  });
  expect(res.status).toBe(200);
};

describe('realtime hub: accounts and orders', () => {
  it('when an order is created, then admins get newOrder and customers do not', async () => {
    const { socket: adminSocket } = await admin();
    const atAdmin = collect<NewOrderPayload>(adminSocket, SOCKET_EVENTS.newOrder);
    const shopper = live.track(await connect(live.t.url));
    const atShopper = collect(shopper, SOCKET_EVENTS.newOrder);
    await ack(adminSocket, CHAT_EVENTS.replay, { after: 0, room: shopper.id });
    expect(atAdmin).toEqual([]);

    const order = { _id: 'order-1', createdAt: new Date().toISOString(), orderTotal: { cartSubtotal: 129.99 } };
    live.t.api.context.events.emit('orderCreated', order);
    await until(() => atAdmin.length === 1, 'the admin hears of the order');
    expect(atAdmin).toEqual([order]);
    await ack(shopper, CHAT_EVENTS.replay, { after: 0 });
    expect(atShopper).toEqual([]);
  });

  it('when an admin page only listens (analytics), then it gets newOrder without being a chat admin', async () => {
    const { token } = await registerAdmin(live.t);
    const listener = live.track(await connect(live.t.url, { token }));
    const orders = collect<NewOrderPayload>(listener, SOCKET_EVENTS.newOrder);
    const shopper = live.track(await connect(live.t.url));
    const noAdmin = collect(shopper, SOCKET_EVENTS.noAdmin);
    await say(shopper, 'is anyone there?');
    await until(() => noAdmin.length === 1, 'the customer learns no admin is online');

    const order = { _id: 'order-2', createdAt: new Date().toISOString(), orderTotal: { cartSubtotal: 5 } };
    live.t.api.context.events.emit('orderCreated', order);
    await until(() => orders.length === 1, 'the listening admin page hears of the order');
    expect(orders).toEqual([order]);
  });

  it('when an admin is demoted, then their sockets are disconnected; another admin is untouched', async () => {
    const keeper = await admin();
    const demoted = await admin();
    const closed = serverClosed(demoted.socket);
    await demote(keeper.token, demoted.userId);
    expect(await closed).toBe('io server disconnect');
    expect(keeper.socket.connected).toBe(true);
    expect(await ack(keeper.socket, CHAT_EVENTS.replay, { after: 0, room: 'nobody' })).toMatchObject({
      ok: false,
      code: 'no conversation',
    });
  });

  it('when an admin logs out, then their sockets are disconnected', async () => {
    const leaving = await admin();
    const closed = serverClosed(leaving.socket);
    const res = await live.t.authed(leaving.token)('/api/logout');
    expect(res.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });

  it('when an admin is demoted while their connection is down, then coming back does not restore them or what they missed', async () => {
    const keeper = await admin();
    const demoted = await admin();
    const missed = collect<ClientToAdminPayload>(demoted.socket, SOCKET_EVENTS.serverToAdmin);
    const orders = collect(demoted.socket, SOCKET_EVENTS.newOrder);
    holdOffline(demoted.socket);
    await cutClientSide(live.hub, demoted.socket);
    const oldId = demoted.socket.id;

    live.t.api.context.events.emit('orderCreated', { _id: 'o', createdAt: new Date().toISOString(), orderTotal: { cartSubtotal: 1 } });
    await demote(keeper.token, demoted.userId);
    const shopper = live.track(await connect(live.t.url));
    // The demoted admin held no conversation, so this one goes to the keeper either way.
    await say(shopper, 'hello');

    await comeBack(demoted.socket);
    expect(demoted.socket.recovered).toBe(false);
    expect(demoted.socket.id).not.toBe(oldId);
    expect(await ack(demoted.socket, SOCKET_EVENTS.adminSendsMessage, { user: shopper.id, message: 'hi' })).toMatchObject({
      ok: false,
      code: 'not admin',
    });
    expect(missed).toEqual([]);
    expect(orders).toEqual([]);
  });

  it('when a logged-in customer has left and an admin replies, then one mail an hour brings the reply with a link back to the chat; none while they are there, none to a guest', async () => {
    const desk = await admin();
    const heard = collect<ClientToAdminPayload>(desk.socket, SOCKET_EVENTS.serverToAdmin);
    const chatMails = async () =>
      Number((await live.t.db.query<{ n: string }>(`select count(*) as n from mail_outbox where kind = 'chat-reply'`)).rows[0]!.n);
    const before = await chatMails();
    const send = (user: string, message: string) => ack(desk.socket, SOCKET_EVENTS.adminSendsMessage, { user, message });

    const { token, user } = await live.t.register({ name: 'Rita' });
    const customer = live.track(await connect(live.t.url, { token, auth: { keep: true } }));
    await say(customer, 'Is the red one back in stock?');
    await until(() => heard.length === 1, 'the admin has the question');
    const conversation = heard[0]!.user;
    expect(await send(conversation, 'Let me look')).toMatchObject({ ok: true });
    expect(await chatMails()).toBe(before);

    holdOffline(customer);
    await cutClientSide(live.hub, customer);
    expect(await send(conversation, 'Yes, since Monday')).toMatchObject({ ok: true });
    expect(await send(conversation, 'Shall I hold one for you?')).toMatchObject({ ok: true });
    expect(await chatMails()).toBe(before + 1);
    const [mail] = await waitForEml(live.t.config.DATA_DIR, user.email);
    expect(mail).toMatch(/^Subject: Support has answered you \| Statefront$/m);
    expect(mail).toContain('Hello Rita,');
    expect(mail).toContain('You wrote: Is the red one back in stock?');
    expect(mail).toContain('Support wrote: Yes, since Monday');
    expect(mail).toContain('Continue the conversation: http://localhost:3000/#support-chat');

    // An hour on, the next reply is mailed again.
    await live.t.db.query(`update chat_conversations set reply_mailed_at = now() - interval '61 minutes' where key = $1`, [conversation]);
    expect(await send(conversation, 'It is on hold until Friday')).toMatchObject({ ok: true });
    // Queued in the reply's own transaction: there once the admin has their answer.
    expect(await chatMails()).toBe(before + 2);

    const guest = live.track(await connect(live.t.url));
    await say(guest, 'Hello?');
    await until(() => heard.length === 2, 'the admin has the guest');
    holdOffline(guest);
    await cutClientSide(live.hub, guest);
    expect(await send(heard[1]!.user, 'Hello, how can I help?')).toMatchObject({ ok: true });
    // The admin's next event runs after the first one's mail decision (one socket's events run in turn).
    expect(await send(heard[1]!.user, 'Are you still there?')).toMatchObject({ ok: true });
    expect(await chatMails()).toBe(before + 2);
  });

  it('when the mail of a reply to a customer who left cannot be queued, then the reply is not kept either; sent again, both are', async () => {
    const desk = await admin();
    const heard = collect<ClientToAdminPayload>(desk.socket, SOCKET_EVENTS.serverToAdmin);
    const { token } = await live.t.register();
    const customer = live.track(await connect(live.t.url, { token, auth: { keep: true } }));
    await say(customer, 'Do you ship to Oslo?');
    await until(() => heard.length === 1, 'the admin has the question');
    const conversation = heard[0]!.user;
    const mails = async () =>
      Number(
        (
          await live.t.db.query<{ n: string }>(
            `select count(*) as n from mail_outbox o join chat_conversations c on o.ref = c.id::text
              where o.kind = 'chat-reply' and c.key = $1`,
            [conversation],
          )
        ).rows[0]!.n,
      );
    const send = () => ack(desk.socket, SOCKET_EVENTS.adminSendsMessage, { user: conversation, message: 'Yes, in three days' }, 'reply-1');
    holdOffline(customer);
    await cutClientSide(live.hub, customer);

    // A failure after the reply's insert: the outbox refuses the mail (as a crash there would lose it).
    await live.t.db.exec(`create function refuse_chat_mail() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$;
      create trigger refuse_chat_mail before insert on mail_outbox for each row when (new.kind = 'chat-reply') execute function refuse_chat_mail();`);
    try {
      expect(await send()).toMatchObject({ ok: false, code: 'unavailable' });
    } finally {
      await live.t.db.exec('drop trigger refuse_chat_mail on mail_outbox; drop function refuse_chat_mail();');
    }
    expect(await ack(desk.socket, CHAT_EVENTS.replay, { after: 0, room: conversation })).toMatchObject({
      messages: [{ from: 'client', text: 'Do you ship to Oslo?' }],
    });
    expect(await mails()).toBe(0);

    expect(await send()).toMatchObject({ ok: true });
    expect(await ack(desk.socket, CHAT_EVENTS.replay, { after: 0, room: conversation })).toMatchObject({
      messages: [{ from: 'client' }, { from: 'admin', text: 'Yes, in three days' }],
    });
    expect(await mails()).toBe(1);
  });

  it('when an order is placed on a shop without SMTP_URL, then its mail is an .eml for the buyer with the order and its link', async () => {
    const buyer = await customerWithProfile(live.t, { email: `eml-buyer-${Date.now()}@example.test` });
    const product = await addProduct(live.t, { priceCents: 700, count: 5 });
    const order = await placeOrder(live.t, buyer.token, body([{ productID: product, quantity: 3 }], 'cod'));
    const [mail] = await waitForEml(live.t.config.DATA_DIR, buyer.user.email);
    expect(mail).toMatch(new RegExp(`^Subject: Your order #${order._id.slice(0, 8).toUpperCase()} \\| Statefront$`, 'm'));
    expect(mail).toContain('Total: $21.00');
    expect(mail).toContain(`http://localhost:3000/user/order-details/${order._id}`);
  });
});
