import type { Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import type { ChatConversationsAck, ChatError, ChatVisitorPayload, ClientToAdminPayload } from '#contracts/chat.ts';
import { CHAT_EVENTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import type { ChatEarlier } from '#contracts/chat-history.ts';
import { LIMITS } from '#contracts/rules.ts';
import { SCREEN_EVENTS, type ScreenToAdmin, type SharedScreen } from '#contracts/shared-screen.ts';
import {
  ack,
  chatPair,
  collect,
  comeBack,
  cutServerSide,
  expectSixthMessageRefused,
  holdOffline,
  hubTestApi,
  say,
  until,
} from '../../api/testing/sockets.ts';
import { bffSession, startTestBff } from '../testing/bff-harness.ts';
import { signIdentity } from '../../api/realtime/identify.ts';
import { type Transport, adminViaBff, connectViaBff, cutAtBff, cutAtClient, openViaBff } from '../testing/chat-clients.ts';

// The chat's delivery promises (docs/decisions/004-chat-delivery.md) with the BFF in the path: every client holds only the BFF's cookie.
// A long rate window keeps the limit test independent of how fast this machine is.
const PARTNER = 'https://partner.test';
const IDENTITY_SECRET = 'partner-secret-0123456789';
const live = hubTestApi({
  config: { CHAT_IDENTITY_SECRET: IDENTITY_SECRET, PUBLIC_ORIGIN: 'https://shop.test' },
  hub: { rateLimit: { max: 5, windowMs: 60_000 } },
  front: (api) => startTestBff({ apiUrl: api.url, config: { PARTNER_ORIGINS: [PARTNER] } }),
});

const admin = async (transport?: Transport) => live.track(await adminViaBff(live.t, live.front, transport));
const customer = async (options: { loggedIn?: boolean; transport?: Transport } = {}) =>
  live.track(
    await connectViaBff(live.front, {
      cookie: options.loggedIn ? await bffSession(live.t, live.front) : undefined,
      transport: options.transport,
    }),
  );

const chatting = () => chatPair(admin, customer);

describe('chat through the BFF', () => {
  it.each(['websocket', 'polling'] as const)(
    'when a logged-in customer and an admin chat over %s, then each gets the other message, with the customer named',
    async (transport) => {
      const adminSocket = await admin(transport);
      const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
      const shopper = await customer({ loggedIn: true, transport });
      const atCustomer = collect<[string, { id: number }]>(shopper, SOCKET_EVENTS.serverToClient, 2);

      expect(await say(shopper, 'Where is my parcel?')).toEqual({ ok: true, id: 1 });
      await until(() => atAdmin.length === 1, 'the admin has the message');
      // The name comes from the session the BFF turned into a token: the client never held one.
      expect(atAdmin[0]).toMatchObject({ user: shopper.id, message: 'Where is my parcel?', id: 1, name: 'Test User' });

      expect(await ack(adminSocket, SOCKET_EVENTS.adminSendsMessage, { user: shopper.id, message: 'On its way' })).toEqual({
        ok: true,
        id: 2,
      });
      await until(() => atCustomer.length === 1, 'the customer has the answer');
      expect(atCustomer).toEqual([['On its way', { id: 2 }]]);
    },
  );

  it('when no admin is online, then the customer gets no admin, the message is kept, and the next admin through the BFF reads it', async () => {
    const shopper = await customer();
    const noAdmin = collect(shopper, SOCKET_EVENTS.noAdmin);
    expect(await say(shopper, 'anyone?')).toMatchObject({ ok: true });
    await until(() => noAdmin.length === 1, 'no admin arrives');
    const adminSocket = await admin();
    const listed = (await ack(adminSocket, CHAT_EVENTS.conversations)) as unknown as ChatConversationsAck;
    const kept = listed.ok ? listed.conversations.find((c) => c.user === shopper.id) : undefined;
    expect(kept?.messages).toEqual([expect.objectContaining({ from: 'client', text: 'anyone?' })]);
  });

  it('when a partner visitor identifies mid-conversation, then their earlier messages stay in the one conversation, on their side and the admin’s', async () => {
    const adminSocket = await admin();
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    // As the widget: a guest on the partner page, kept by the token the shop gives it.
    const visitor = live.track(openViaBff(live.front, { origin: PARTNER, auth: { keep: true } }));
    const tokens = collect<ChatVisitorPayload>(visitor, CHAT_EVENTS.visitor);
    await until(() => tokens.length === 1, 'the shop gives the guest its token');
    expect(await say(visitor, 'Is the blue one in stock?')).toMatchObject({ ok: true });
    await until(() => atAdmin.length === 1, 'the admin has the guest’s question');
    const conversation = atAdmin[0]!.user;
    expect(atAdmin[0]!.name).toMatch(/^Guest \d+$/);

    // The partner page identifies the visitor: the widget reconnects with the signed identity beside its token.
    const who = { id: 'p-77', name: 'Grace Visitor', email: 'grace@partner.test' };
    const identify = signIdentity({ ...who, aud: 'https://shop.test', exp: Math.floor(Date.now() / 1000) + 600 }, IDENTITY_SECRET);
    visitor.auth = { keep: true, visitor: tokens[0]!.token, identify };
    const back = new Promise<void>((resolve) => visitor.once('connect', () => resolve()));
    // As the widget's handshakeAgain (machines/chat/chat-socket.ts): the connection drops, socket.io reconnects.
    visitor.io.engine.close();
    await back;
    expect(await say(visitor, 'I am Grace, by the way')).toMatchObject({ ok: true });
    await until(() => atAdmin.length === 2, 'the admin has the identified visitor’s message');
    expect(atAdmin[1]).toMatchObject({ user: conversation, name: 'Grace Visitor' });
    const both = [
      expect.objectContaining({ from: 'client', text: 'Is the blue one in stock?' }),
      expect.objectContaining({ from: 'client', text: 'I am Grace, by the way' }),
    ];
    expect(await ack(visitor, CHAT_EVENTS.replay, { after: 0 })).toMatchObject({ ok: true, messages: both });
    const listed = (await ack(adminSocket, CHAT_EVENTS.conversations)) as unknown as ChatConversationsAck;
    const mine = listed.ok ? listed.conversations.filter((c) => c.messages.some((m) => m.text === 'Is the blue one in stock?')) : [];
    expect(mine).toEqual([expect.objectContaining({ user: conversation, messages: both })]);
  });

  it('when the admin closes the chat, then the customer is told and writing again reaches an admin', async () => {
    const { adminSocket, atAdmin, shopper } = await chatting();
    const closed = collect(shopper, SOCKET_EVENTS.adminClosedChat);
    expect(await ack(adminSocket, SOCKET_EVENTS.adminClosesChat, { roomId: shopper.id })).toEqual({ ok: true });
    await until(() => closed.length === 1, 'the customer hears the chat was closed');

    expect((await say(shopper, 'back again')).ok).toBe(true);
    await until(() => atAdmin.length === 2, 'the new conversation reaches the admin');
    expect(atAdmin[1]).toMatchObject({ user: shopper.id, message: 'back again' });
    expect(atAdmin[1]!.id).toBeGreaterThan(atAdmin[0]!.id);
  });

  it('when two admins are online, then both hear every customer through the BFF, and the first to reply takes the conversation', async () => {
    const [a, b] = [await admin(), await admin()];
    const atA = collect<ClientToAdminPayload>(a, SOCKET_EVENTS.serverToAdmin);
    const atB = collect<ClientToAdminPayload>(b, SOCKET_EVENTS.serverToAdmin);
    const one = await customer();
    const two = await customer({ loggedIn: true });
    for (const round of [1, 2, 3]) {
      await say(one, `one ${round}`);
      await say(two, `two ${round}`);
    }
    await until(() => atA.length === 6 && atB.length === 6, 'every admin hears all six messages');
    expect(atA.map((m) => m.message)).toEqual(atB.map((m) => m.message));
    expect(await ack(a, SOCKET_EVENTS.adminSendsMessage, { user: one.id, message: 'mine' })).toMatchObject({ ok: true });
    expect(await ack(b, SOCKET_EVENTS.adminSendsMessage, { user: one.id, message: 'me too' })).toMatchObject({
      ok: false,
      code: 'taken',
    });
  });

  // Where the line breaks: the client's own TCP connection, the BFF's end of it, or the relay's leg to the API.
  const cuts = {
    'the client drops its connection to the BFF': (s: Socket) => cutAtClient(live.hub, s),
    'the BFF end of the connection is destroyed': (s: Socket) => cutAtBff(live.hub, live.front, s),
    "the hub's connection to the BFF is cut": (s: Socket) => cutServerSide(live.hub, s),
  };
  const drops = (['customer', 'admin'] as const).flatMap((side) => Object.entries(cuts).map(([where, cut]) => ({ side, where, cut })));

  it.each(drops)(
    'when $where for the $side, then messages sent both ways meanwhile arrive once, in order, on the same socket id',
    async ({ side, cut }) => {
      const { adminSocket, atAdmin, shopper, atCustomer } = await chatting();
      const room = shopper.id!;
      const [dropped, online] = side === 'customer' ? [shopper, adminSocket] : [adminSocket, shopper];
      const droppedId = dropped.id;
      holdOffline(dropped);
      await cut(dropped);
      // The drop lasts a second: messages are sent while the line is down, then it comes back.
      const downForASecond = new Promise((resolve) => setTimeout(resolve, 1_000));

      for (const n of [1, 2, 3]) adminSocket.emit(SOCKET_EVENTS.adminSendsMessage, { user: room, message: `admin ${n}` });
      for (const n of [1, 2]) shopper.emit(SOCKET_EVENTS.clientSendsMessage, `customer ${n}`);
      await ack(online, CHAT_EVENTS.replay, { after: 0, room }); // acks come in order: the online side's messages are in

      await downForASecond;
      await comeBack(dropped);
      expect(dropped.recovered).toBe(true);
      expect(dropped.id).toBe(droppedId);
      await until(() => atCustomer.length === 3 && atAdmin.length === 3, 'both sides have caught up');
      // Anything duplicated would be here once these round trips are answered.
      await Promise.all([ack(shopper, CHAT_EVENTS.replay, { after: 0 }), ack(adminSocket, CHAT_EVENTS.replay, { after: 0, room })]);
      expect(atCustomer).toEqual(['admin 1', 'admin 2', 'admin 3']);
      expect(atAdmin.map((m) => [m.user, m.message])).toEqual([
        [room, 'hello'],
        [room, 'customer 1'],
        [room, 'customer 2'],
      ]);
      expect(atAdmin.map((m) => m.id)).toEqual([...atAdmin.map((m) => m.id)].sort((x, y) => x - y));
    },
  );

  it('when a guest or a customer session claims to be admin, then it is refused, receives nothing meant for admins and cannot act', async () => {
    const realAdmin = await admin();
    const atAdmin = collect(realAdmin, SOCKET_EVENTS.serverToAdmin);
    const ordersAtAdmin = collect(realAdmin, SOCKET_EVENTS.newOrder);
    const claimants = [await customer(), await customer({ loggedIn: true })];
    const heard = claimants.map((c) => ({ messages: collect(c, SOCKET_EVENTS.serverToAdmin), orders: collect(c, SOCKET_EVENTS.newOrder) }));
    const errors = collect<ChatError>(claimants[0]!, CHAT_EVENTS.error);
    for (const c of claimants)
      expect(await ack(c, SOCKET_EVENTS.adminConnected, 'admin-1')).toMatchObject({ ok: false, code: 'not admin' });
    claimants[0]!.emit(SOCKET_EVENTS.adminConnected, 'admin-1');
    await until(() => errors.length === 1, 'the ack-less claim is answered with an error event');

    const shopper = await customer();
    await say(shopper, 'hello admins');
    await until(() => atAdmin.length === 1, 'the real admin gets the message');
    live.t.api.context.events.emit('orderCreated', { _id: 'o1', createdAt: new Date().toISOString(), orderTotal: { cartSubtotal: 5 } });
    await until(() => ordersAtAdmin.length === 1, 'the real admin gets the new order');
    for (const c of claimants) {
      expect(await ack(c, SOCKET_EVENTS.adminSendsMessage, { user: shopper.id, message: 'I am staff' })).toMatchObject({
        code: 'not admin',
      });
      expect(await ack(c, SOCKET_EVENTS.adminClosesChat, { roomId: shopper.id })).toMatchObject({ code: 'not admin' });
      await ack(c, CHAT_EVENTS.replay, { after: 0 }); // round-trips after every emit above: nothing still in flight
    }
    expect(heard).toEqual([
      { messages: [], orders: [] },
      { messages: [], orders: [] },
    ]);
  });

  it('when a socket sends a sixth message within the window, then it is refused and not delivered', async () => {
    await expectSixthMessageRefused(await admin(), () => customer());
  });

  it('when a message is too long, then it is refused with the limit; the longest allowed one arrives whole', async () => {
    const adminSocket = await admin();
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = await customer();
    const tooLong = await say(shopper, 'x'.repeat(LIMITS.chatMessageMax + 1));
    expect(tooLong).toMatchObject({ ok: false, code: 'too long' });
    expect(!tooLong.ok && tooLong.message).toContain(String(LIMITS.chatMessageMax));
    expect(await say(shopper, 'y'.repeat(LIMITS.chatMessageMax))).toMatchObject({ ok: true });
    await until(() => atAdmin.length === 1, 'the longest allowed message arrives');
    expect(atAdmin[0]!.message).toHaveLength(LIMITS.chatMessageMax);
  });

  it('when a packet is far over the size limit, then the hub drops the connection, the BFF passes the drop on and nothing is delivered', async () => {
    const adminSocket = await admin();
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = await customer();
    const dropped = new Promise<string>((resolve) => shopper.once('disconnect', (reason) => resolve(reason)));
    shopper.io.reconnection(false);
    shopper.emit(SOCKET_EVENTS.clientSendsMessage, 'z'.repeat(20_000));
    expect(await dropped).toBe('transport close');
    await ack(adminSocket, CHAT_EVENTS.replay, { after: 0, room: 'none' });
    expect(atAdmin).toEqual([]);
  });

  it('when an admin closes a conversation, then it is in the admin-only history, searchable and paged, and in its customer’s earlier conversations, with each shared screen as one line', async () => {
    const customerCookie = await bffSession(live.t, live.front);
    const shopper = live.track(await connectViaBff(live.front, { cookie: customerCookie, auth: { keep: true } }));
    const adminCookie = await bffSession(live.t, live.front, { admin: true });
    const desk = live.track(await connectViaBff(live.front, { cookie: adminCookie }));
    expect(await ack(desk, SOCKET_EVENTS.adminConnected, 'history')).toEqual({ ok: true });
    const atAdmin = collect<ClientToAdminPayload>(desk, SOCKET_EVENTS.serverToAdmin);
    await say(shopper, 'Can I pay invoice 7731 by transfer?');
    await until(() => atAdmin.length === 1, 'the admin has the question');
    // Shared and stopped, then shared until the admin's close ends it: two lines, nothing of the screens.
    for (const on of [true, false, true]) expect(await ack(shopper, SCREEN_EVENTS.share, { on })).toEqual({ ok: true });
    expect(await ack(desk, SOCKET_EVENTS.adminClosesChat, { roomId: atAdmin[0]!.user })).toEqual({ ok: true });
    const screenLine = { from: 'screen', text: expect.stringMatching(/^Shared screen from \d\d:\d\d UTC to \d\d:\d\d UTC$/) };
    const question = { from: 'client', text: 'Can I pay invoice 7731 by transfer?' };
    const get = (path: string, cookie?: string) => fetch(live.front.url + path, { headers: cookie ? { cookie } : {} });
    const kept = async () => (await (await get('/api/chats/mine', customerCookie)).json()) as ChatEarlier;
    // The lines are written as sharing ends, after its ack.
    for (let tries = 0; (await kept()).transcripts[0]?.messages.length !== 3; tries++) {
      if (tries > 200) throw new Error('timed out waiting until both lines are kept');
      await new Promise((r) => setTimeout(r, 50));
    }

    const found = await get('/api/chats/history?q=INVOICE%207731&page=1', adminCookie);
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({
      page: 1,
      pages: 1,
      total: 1,
      transcripts: [{ name: 'Test User', messages: [question, screenLine, screenLine] }],
    });
    expect((await (await get('/api/chats/history?q=invoice%207731&page=2', adminCookie)).json()).transcripts).toEqual([]);
    // The history is the admins' alone: a customer is refused, a guest asked to log in.
    expect((await get('/api/chats/history', customerCookie)).status).toBe(403);
    expect((await get('/api/chats/history')).status).toBe(401);
    const [line] = (await kept()).transcripts[0]!.messages.slice(1);
    expect(line).toMatchObject(screenLine);
    expect(Date.parse(line!.at)).toBeGreaterThanOrEqual(Date.parse((line as { since: string }).since));
  });

  it('when a shopper shares their screen, then only admins receive it, coalesced and under 2 KB; other shoppers, a guest and a partner page never do; Stop sharing clears it', async () => {
    const { adminSocket, shopper } = await chatting();
    const atAdmin = collect<ScreenToAdmin>(adminSocket, SCREEN_EVENTS.shown);
    const others = [await customer({ loggedIn: true }), await customer(), live.track(await connectViaBff(live.front, { origin: PARTNER }))];
    for (const other of others) await say(other, 'me too');
    const overheard = others.map((other) => collect(other, SCREEN_EVENTS.shown));
    const screen = (n: number): SharedScreen => ({
      path: '/cart',
      title: `Cart ${n}`,
      signedInAs: null,
      cart: [{ name: 'Airpods', quantity: 2, price: 89.99, note: 'only 2 left' }],
      step: null,
      error: null,
      events: [],
    });
    expect(await ack(shopper, SCREEN_EVENTS.update, screen(0))).toMatchObject({ ok: false, code: 'invalid' });
    expect(await ack(shopper, SCREEN_EVENTS.share, { on: true })).toEqual({ ok: true });
    expect(
      await ack(shopper, SCREEN_EVENTS.update, { ...screen(0), title: 'x'.repeat(190), cart: Array(40).fill(screen(0).cart[0]) }),
    ).toMatchObject({ ok: false });
    // Whatever the others send, to whichever conversation, they reach no one's screen.
    for (const other of others) {
      other.emit(SCREEN_EVENTS.update, screen(99));
      expect(await ack(other, SCREEN_EVENTS.ask, { user: shopper.id })).toMatchObject({ ok: false, code: 'not admin' });
    }
    // No screen waits on the database: whether admins may see the conversation was asked at the consent.
    const queries = vi.spyOn(live.t.db, 'query');
    for (let n = 1; n <= 20; n++) shopper.emit(SCREEN_EVENTS.update, screen(n));
    await until(() => atAdmin.at(-1)?.screen?.title === 'Cart 20', 'the admin has the newest screen');
    const asked = queries.mock.calls.filter(([sql]) => /from chat_conversations where key/.test(sql));
    queries.mockRestore();
    expect(asked).toEqual([]);
    expect(atAdmin.length).toBeLessThan(20);
    expect(atAdmin[0]).toEqual({ user: shopper.id, screen: screen(1) });
    // An admin page that loads now gets the screen shared now.
    expect(await adminSocket.timeout(10_000).emitWithAck(SCREEN_EVENTS.list, {})).toEqual({
      ok: true,
      screens: [{ user: shopper.id, screen: screen(20) }],
    });
    expect(await ack(shopper, SCREEN_EVENTS.share, { on: false })).toEqual({ ok: true });
    await until(() => atAdmin.at(-1)?.screen === null, 'the admin hears sharing stopped');
    expect(await adminSocket.timeout(10_000).emitWithAck(SCREEN_EVENTS.list, {})).toEqual({ ok: true, screens: [] });
    expect(overheard).toEqual([[], [], []]);
  });

  it('when a page connects while its shopper shares, then its consent and its screen, sent at once, reach the admin', async () => {
    const { adminSocket, shopper } = await chatting();
    const atAdmin = collect<ScreenToAdmin>(adminSocket, SCREEN_EVENTS.shown);
    const screen: SharedScreen = { path: '/cart', title: 'Cart', signedInAs: null, cart: [], step: 'Cart', error: null, events: [] };
    // What the page's chat socket sends on connecting when the shopper shares: both, no wait between.
    shopper.emit(SCREEN_EVENTS.share, { on: true });
    expect(await ack(shopper, SCREEN_EVENTS.update, screen)).toEqual({ ok: true });
    await until(() => atAdmin.length === 1, 'the admin has the screen');
    expect(atAdmin).toEqual([{ user: shopper.id, screen }]);
  });

  it('when support asks to see the screen, then the shopper is asked once until they answer', async () => {
    const { adminSocket, shopper } = await chatting();
    const asked = collect(shopper, SCREEN_EVENTS.asked);
    expect(await ack(adminSocket, SCREEN_EVENTS.ask, { user: shopper.id })).toEqual({ ok: true });
    expect(await ack(adminSocket, SCREEN_EVENTS.ask, { user: shopper.id })).toMatchObject({ ok: false });
    await until(() => asked.length === 1, 'the shopper is asked');
    await ack(shopper, SCREEN_EVENTS.share, { on: false });
    expect(await ack(adminSocket, SCREEN_EVENTS.ask, { user: shopper.id })).toEqual({ ok: true });
  });
});
