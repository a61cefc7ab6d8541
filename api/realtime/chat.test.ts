import { describe, expect, it } from 'vitest';
import type { ChatAnsweredPayload, ChatError, ClientToAdminPayload, DisconnectedPayload } from '#contracts/chat.ts';
import { CHAT_EVENTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import { LIMITS } from '#contracts/rules.ts';
import { signIdentity, signIdentityV1 } from './identify.ts';
import { GUEST_WAITING } from '../testing/chat-fixtures.ts';
import { registerAdmin } from '../testing/test-api.ts';
import { ack, collect, connect, connectAdmin, expectSixthMessageRefused, hubTestApi, say, until } from '../testing/sockets.ts';
import { apiRefusals } from '../../tests/support/metrics-text.ts';

const SECRET = 'partner-secret-0123456789';
const METRICS_TOKEN = 'chat-metrics-token-0123456789';
// A long rate window keeps the limit test independent of how fast this machine is.
const live = hubTestApi({
  config: { CHAT_IDENTITY_SECRET: SECRET, PUBLIC_ORIGIN: 'https://shop.test', METRICS_TOKEN },
  hub: { rateLimit: { max: 5, windowMs: 60_000 } },
});

const customer = async (options: Parameters<typeof connect>[1] = {}) => live.track(await connect(live.t.url, options));
const admin = async () => {
  const a = await connectAdmin(live.t);
  live.track(a.socket);
  return a;
};

describe('realtime hub: chat', () => {
  it('when a customer writes and the admin answers, then each gets the other message with increasing ids', async () => {
    const { socket: adminSocket } = await admin();
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = await customer();
    const atCustomer = collect<[string, { id: number }]>(shopper, SOCKET_EVENTS.serverToClient, 2);

    expect(await say(shopper, '  Where is my parcel?  ')).toEqual({ ok: true, id: 1 });
    await until(() => atAdmin.length === 1, 'the admin has the message');
    expect(atAdmin[0]).toEqual({ user: shopper.id, message: 'Where is my parcel?', id: 1, ...GUEST_WAITING });
    expect(await ack(adminSocket, SOCKET_EVENTS.adminSendsMessage, { user: shopper.id, message: 'On its way' })).toEqual({
      ok: true,
      id: 2,
    });
    await until(() => atCustomer.length === 1, 'the customer has the answer');
    expect(atCustomer[0]).toEqual(['On its way', { id: 2 }]);
  });

  it('when both sides can only long-poll, then the round trip works the same, identity included', async () => {
    const { token } = await live.t.register();
    const staff = await registerAdmin(live.t);
    const polling = ['polling'] as Array<'polling'>;
    const adminSocket = await customer({ token: staff.token, transports: polling });
    expect(await ack(adminSocket, SOCKET_EVENTS.adminConnected, 'a')).toEqual({ ok: true });
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = await customer({ token, transports: polling });
    const atShopper = collect<string>(shopper, SOCKET_EVENTS.serverToClient);
    await say(shopper, 'polling hello');
    await until(() => atAdmin.length === 1, 'the admin gets it');
    expect(atAdmin[0]).toMatchObject({ user: shopper.id, message: 'polling hello', name: 'Test User' });
    await ack(adminSocket, SOCKET_EVENTS.adminSendsMessage, { user: shopper.id, message: 'polling reply' });
    await until(() => atShopper.length === 1, 'the customer gets the reply');
    expect(atShopper).toEqual(['polling reply']);
  });

  it('when no admin is online, then the customer is told no admin, the message is kept, and the next admin reads it and answers', async () => {
    const shopper = await customer();
    const noAdmin = collect(shopper, SOCKET_EVENTS.noAdmin);
    const atShopper = collect<string>(shopper, SOCKET_EVENTS.serverToClient);
    expect(await say(shopper, 'anyone?')).toEqual({ ok: true, id: 1 });
    await until(() => noAdmin.length === 1, 'no admin arrives');

    const { socket: adminSocket, userId } = await admin();
    expect(await ack(adminSocket, CHAT_EVENTS.conversations)).toEqual({
      ok: true,
      you: userId,
      conversations: [{ user: shopper.id, ...GUEST_WAITING, messages: [{ id: 1, from: 'client', text: 'anyone?' }] }],
    });
    expect(await ack(adminSocket, SOCKET_EVENTS.adminSendsMessage, { user: shopper.id, message: 'Here now' })).toEqual({ ok: true, id: 2 });
    await until(() => atShopper.length === 1, 'the customer has the answer');
    expect(atShopper).toEqual(['Here now']);
  });

  it('when the admin closes the chat, then the customer is told and the next message starts a new conversation', async () => {
    const { socket: adminSocket } = await admin();
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = await customer();
    const closed = collect(shopper, SOCKET_EVENTS.adminClosedChat);
    await say(shopper, 'first');
    await until(() => atAdmin.length === 1, 'the first message arrives');

    expect(await ack(adminSocket, SOCKET_EVENTS.adminClosesChat, { roomId: shopper.id })).toEqual({ ok: true });
    await until(() => closed.length === 1, 'the customer hears the chat was closed');
    expect((await ack(adminSocket, SOCKET_EVENTS.adminSendsMessage, { user: shopper.id, message: 'late' })).ok).toBe(false);
    expect(await ack(shopper, CHAT_EVENTS.replay, { after: 0 })).toEqual({ ok: true, messages: [] });

    const again = await say(shopper, 'back again');
    expect(again.ok).toBe(true);
    await until(() => atAdmin.length === 2, 'the new conversation reaches an admin');
    expect(atAdmin[1]).toMatchObject({ user: shopper.id, message: 'back again' });
    expect(atAdmin[1]!.id).toBeGreaterThan(atAdmin[0]!.id);
  });

  it('when the customer leaves after a close and writes from a new socket, then the admin sees the old room go and a new one open', async () => {
    const { socket: adminSocket } = await admin();
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const left = collect<DisconnectedPayload>(adminSocket, SOCKET_EVENTS.disconnected);
    const first = await customer();
    const oldRoom = first.id;
    await say(first, 'first');
    await ack(adminSocket, SOCKET_EVENTS.adminClosesChat, { roomId: oldRoom });
    await until(() => left.length === 1, 'the admin hears the old room is gone');
    expect(left[0]).toEqual({ reason: 'admin closed chat', socketId: oldRoom });
    first.disconnect();

    const second = await customer();
    await say(second, 'again');
    await until(() => atAdmin.length === 2, 'the new room reaches the admin');
    expect(atAdmin[1]).toMatchObject({ user: second.id, message: 'again', id: 1 });
    expect(second.id).not.toBe(oldRoom);
    // Ended once: its socket leaving later announces nothing more.
    expect(left).toHaveLength(1);
  });

  it('when two admins are online, then both hear every customer; the first to reply takes the conversation and the other hears who did', async () => {
    const a = await admin();
    const b = await admin();
    const atA = collect<ClientToAdminPayload>(a.socket, SOCKET_EVENTS.serverToAdmin);
    const atB = collect<ClientToAdminPayload>(b.socket, SOCKET_EVENTS.serverToAdmin);
    const answeredAtB = collect<ChatAnsweredPayload>(b.socket, CHAT_EVENTS.answered);
    const answeredAtA = collect<ChatAnsweredPayload>(a.socket, CHAT_EVENTS.answered);
    const one = await customer();
    const two = await customer();
    await say(one, 'one');
    await say(two, 'two');
    await until(() => atA.length === 2 && atB.length === 2, 'both admins have both messages');
    expect(atA.map((m) => m.user)).toEqual([one.id, two.id]);
    expect(atB.map((m) => m.user)).toEqual([one.id, two.id]);

    expect(await ack(a.socket, SOCKET_EVENTS.adminSendsMessage, { user: one.id, message: 'Ada here' })).toMatchObject({ ok: true });
    await until(() => answeredAtB.length === 1, 'the other admin hears who answered');
    expect(answeredAtB[0]).toEqual({ user: one.id, message: 'Ada here', id: 2, by: { id: a.userId, name: 'Ada Admin' } });
    expect(await ack(b.socket, SOCKET_EVENTS.adminSendsMessage, { user: one.id, message: 'me too' })).toEqual({
      ok: false,
      code: 'taken',
      message: 'Ada Admin is answering this customer',
    });
    expect(await ack(b.socket, SOCKET_EVENTS.adminClosesChat, { roomId: one.id })).toMatchObject({ ok: false, code: 'taken' });
    // The other conversation is still free for whoever answers first.
    expect(await ack(b.socket, SOCKET_EVENTS.adminSendsMessage, { user: two.id, message: 'Ada is busy, I am here' })).toMatchObject({
      ok: true,
    });
    const listed = await ack(b.socket, CHAT_EVENTS.conversations);
    expect(listed).toMatchObject({
      ok: true,
      conversations: [
        { user: one.id, takenBy: { id: a.userId, name: 'Ada Admin' } },
        { user: two.id, takenBy: { id: b.userId, name: 'Ada Admin' } },
      ],
    });
    // The answering tab itself does not hear its own answer back.
    expect(answeredAtA.map((m) => m.message)).toEqual(['Ada is busy, I am here']);
  });

  it("when the spec's own client closes a chat with the room id as a bare string, then the customer hears it is closed", async () => {
    const { socket: adminSocket } = await admin();
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = await customer();
    const closed = collect(shopper, SOCKET_EVENTS.adminClosedChat);
    await say(shopper, 'bye soon');
    await until(() => atAdmin.length === 1, 'the message arrives');
    const errors = collect<ChatError>(adminSocket, CHAT_EVENTS.error);
    adminSocket.emit(SOCKET_EVENTS.adminClosesChat, shopper.id);
    await until(() => closed.length === 1, 'the customer hears the chat was closed');
    expect(await ack(adminSocket, SOCKET_EVENTS.adminClosesChat, 42)).toMatchObject({ ok: false, code: 'invalid' });
    expect(errors).toEqual([]);
  });

  it('when a guest claims to be admin, then it gets an error, receives nothing meant for admins and cannot act', async () => {
    const { socket: realAdmin } = await admin();
    const atAdmin = collect(realAdmin, SOCKET_EVENTS.serverToAdmin);
    const guest = await customer();
    const guestHears = collect(guest, SOCKET_EVENTS.serverToAdmin);
    const guestOrders = collect(guest, SOCKET_EVENTS.newOrder);
    const errors = collect<ChatError>(guest, CHAT_EVENTS.error);

    expect(await ack(guest, SOCKET_EVENTS.adminConnected, 'admin-1')).toMatchObject({ ok: false, code: 'not admin' });
    guest.emit(SOCKET_EVENTS.adminConnected, 'admin-1');
    await until(() => errors.length === 1, 'the ack-less claim is answered with an error event');
    expect(errors[0]!.code).toBe('not admin');

    const shopper = await customer();
    await say(shopper, 'hello admins');
    await until(() => atAdmin.length === 1, 'the real admin gets the message');
    live.t.api.context.events.emit('orderCreated', { _id: 'o1', createdAt: new Date().toISOString(), orderTotal: { cartSubtotal: 5 } });
    expect(await ack(guest, SOCKET_EVENTS.adminSendsMessage, { user: shopper.id, message: 'I am staff' })).toMatchObject({
      ok: false,
      code: 'not admin',
    });
    expect(await ack(guest, SOCKET_EVENTS.adminClosesChat, { roomId: shopper.id })).toMatchObject({ ok: false, code: 'not admin' });
    // The guest's own replay round-trips after every emit above, so nothing is still in flight.
    await ack(guest, CHAT_EVENTS.replay, { after: 0 });
    expect(guestHears).toEqual([]);
    expect(guestOrders).toEqual([]);
  });

  it('when a logged-in non-admin claims to be admin, then it is refused the same way', async () => {
    const { token } = await live.t.register();
    const user = await customer({ token });
    expect(await ack(user, SOCKET_EVENTS.adminConnected, 'x')).toMatchObject({ ok: false, code: 'not admin' });
    expect(await ack(user, CHAT_EVENTS.conversations)).toMatchObject({ ok: false, code: 'not admin' });
    // Nobody counts as an admin: the shopper hears there is none.
    const shopper = await customer();
    const noAdmin = collect(shopper, SOCKET_EVENTS.noAdmin);
    await say(shopper, 'hi');
    await until(() => noAdmin.length === 1, 'no admin arrives');
  });

  it('when a socket sends a sixth message within the window, then it is refused, not delivered, and counted in /metrics', async () => {
    const refused = () => apiRefusals(live.t.url, METRICS_TOKEN, 'chat-messages-per-socket');
    const before = await refused();
    await expectSixthMessageRefused((await admin()).socket, () => customer());
    expect(await refused()).toBe(before + 1);
  });

  it('when a customer sends the same message again with its client id, then the admin gets it once and both acks name the one entry', async () => {
    const { socket: adminSocket } = await admin();
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = await customer();
    const atCustomer = collect<[string, { id: number }]>(shopper, SOCKET_EVENTS.serverToClient, 2);

    expect(await ack(shopper, SOCKET_EVENTS.clientSendsMessage, 'Gift wrap?', 'c-1')).toEqual({ ok: true, id: 1 });
    expect(await ack(shopper, SOCKET_EVENTS.clientSendsMessage, 'Gift wrap?', 'c-1')).toEqual({ ok: true, id: 1 });
    expect(await ack(adminSocket, SOCKET_EVENTS.adminSendsMessage, { user: shopper.id, message: 'Yes' }, 'a-1')).toEqual({
      ok: true,
      id: 2,
    });
    expect(await ack(adminSocket, SOCKET_EVENTS.adminSendsMessage, { user: shopper.id, message: 'Yes' }, 'a-1')).toEqual({
      ok: true,
      id: 2,
    });
    // Without an id (an older client) each send is a message, as before.
    expect(await say(shopper, 'Thanks')).toEqual({ ok: true, id: 3 });
    await until(() => atAdmin.length >= 2 && atCustomer.length >= 1, 'the messages arrive');
    expect(atAdmin.map((p) => [p.message, p.id])).toEqual([
      ['Gift wrap?', 1],
      ['Thanks', 3],
    ]);
    expect(atCustomer).toEqual([['Yes', { id: 2 }]]);
    expect(await ack(shopper, CHAT_EVENTS.replay, { after: 0 })).toMatchObject({ ok: true, messages: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    expect(await ack(shopper, SOCKET_EVENTS.clientSendsMessage, 'Gift wrap?', 'not an id!')).toMatchObject({ ok: false, code: 'invalid' });
  });

  it('when a message is too long or blank, then it is refused with a reason and nothing reaches the admin', async () => {
    const { socket: adminSocket } = await admin();
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = await customer();
    const tooLong = await say(shopper, 'x'.repeat(LIMITS.chatMessageMax + 1));
    expect(tooLong).toMatchObject({ ok: false, code: 'too long' });
    expect(!tooLong.ok && tooLong.message).toContain(String(LIMITS.chatMessageMax));
    expect(await say(shopper, ' \n\t ')).toMatchObject({ ok: false, code: 'empty' });
    expect(await say(shopper, 'y'.repeat(LIMITS.chatMessageMax))).toMatchObject({ ok: true });
    await until(() => atAdmin.length === 1, 'the longest allowed message arrives');
    expect(atAdmin[0]!.message).toHaveLength(LIMITS.chatMessageMax);
  });

  it('when a packet is far over the size limit, then the hub drops that connection before reading it', async () => {
    const { socket: adminSocket } = await admin();
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = await customer();
    const dropped = new Promise<string>((resolve) => shopper.once('disconnect', (reason) => resolve(reason)));
    shopper.emit(SOCKET_EVENTS.clientSendsMessage, 'z'.repeat(20_000));
    expect(await dropped).toBe('transport close');
    await ack(adminSocket, CHAT_EVENTS.replay, { after: 0, room: 'none' });
    expect(atAdmin).toEqual([]);
  });

  it('when a partner page passes a correctly signed identity, then the admin sees the visitor name', async () => {
    const { socket: adminSocket } = await admin();
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const who = { id: 'p-42', name: 'Grace Visitor', email: 'grace@partner.test' };
    let failed: unknown[] = [];
    const visitor = await customer({
      auth: { identify: signIdentity({ ...who, aud: 'https://shop.test', exp: Math.floor(Date.now() / 1000) + 600 }, SECRET) },
      before: (s) => (failed = collect(s, CHAT_EVENTS.identifyFailed)),
    });
    await say(visitor, 'hello from the partner site');
    await until(() => atAdmin.length === 1, 'the message arrives');
    expect(atAdmin[0]).toMatchObject({ name: 'Grace Visitor', message: 'hello from the partner site' });
    expect(failed).toEqual([]);
  });

  it('when the identity signature is wrong, then the visitor stays anonymous and is told identify failed once', async () => {
    const { socket: adminSocket } = await admin();
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const who = { id: 'p-43', name: 'Mallory', email: 'm@partner.test' };
    const forged = { ...who, name: 'Someone Else', signature: signIdentityV1(who, SECRET) };
    let failed: ChatError[] = [];
    const visitor = await customer({
      auth: { identify: forged },
      before: (s) => (failed = collect<ChatError>(s, CHAT_EVENTS.identifyFailed)),
    });
    await say(visitor, 'trust me');
    await until(() => atAdmin.length === 1, 'the message arrives');
    expect(atAdmin[0]!.name).toMatch(/^Guest \d+$/);
    await until(() => failed.length >= 1, 'identify failed arrives');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.code).toBe('identify failed');
  });
});
