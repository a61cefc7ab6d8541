import { existsSync } from 'node:fs';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatAnsweredPayload, ClientToAdminPayload, NewOrderPayload } from '#contracts/chat.ts';
import { CHAT_EVENTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import { SCREEN_EVENTS, type ScreenToAdmin, type SharedScreen } from '#contracts/shared-screen.ts';
import { REDIS_SERVER_BINARY, type RedisServer, startRedisServer } from '../../tests/support/redis-server.ts';
import { type Api, createApi } from '../app.ts';
import { createLogger } from '#server/logger.ts';
import { startTestApi, type TestApi } from '../testing/api-harness.ts';
import { createRealtimeHub, type RealtimeHubOptions } from './hub.ts';
import { type HubRedis, openHubRedis } from './redis-client.ts';
import { createRedisPresence } from './redis-presence.ts';
import { ack, collect, comeBack, connect, connectAdmin, cutClientSide, holdOffline, say, until } from '../testing/sockets.ts';
import type { HubServer } from './types.ts';

/** Several API instances behind a load balancer: one database, one Redis, sockets on any of them. */

type Instance = { url: string; api: Api; io: HubServer };

let redis: RedisServer;
let probe: HubRedis;
let a: TestApi;
let hubA: HubServer;
let b: Instance;
const open: Socket[] = [];
const track = <S extends Socket>(s: S): S => (open.push(s), s);
const logger = createLogger('silent');

/** One more API instance on A's database and Redis (a second process, in production). */
const startInstance = async (options: RealtimeHubOptions = {}): Promise<Instance> => {
  let io: HubServer | undefined;
  const api = createApi({ db: a.db, config: a.config, attachments: [createRealtimeHub({ ...options, onAttached: (x) => (io = x) })] });
  const { url } = await api.start(0, '127.0.0.1');
  return { url, api, io: io! };
};

describe.skipIf(!existsSync(REDIS_SERVER_BINARY))('realtime hub: several instances sharing Redis', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    probe = openHubRedis(redis.url, logger);
    a = await startTestApi({ config: { REDIS_URL: redis.url }, attachments: [createRealtimeHub({ onAttached: (io) => (hubA = io) })] });
    b = await startInstance();
  });
  afterEach(async () => {
    for (const s of open.splice(0)) s.disconnect();
    await until(() => hubA.of('/').sockets.size === 0 && b.io.of('/').sockets.size === 0, 'both instances have let every socket go');
    // Departures are settled in the background: the next test must not meet this one's admins.
    await vi.waitFor(async () => expect(await probe.hLen('sf:chat:presence:admins')).toBe(0), { timeout: 10_000, interval: 20 });
  });
  afterAll(async () => {
    await b?.api.stop();
    await a?.stop();
    await probe?.close();
    await redis?.stop();
  });

  const admin = async (url: string) => {
    const found = await connectAdmin(a, url);
    track(found.socket);
    return found;
  };

  it.each([
    ['A', 'B'],
    ['B', 'A'],
  ])(
    'when a customer on instance %s writes and an admin on instance %s answers, then both messages arrive with one sequence of ids',
    async (customerAt, adminAt) => {
      const urls: Record<string, string> = { A: a.url, B: b.url };
      const { socket: adminSocket } = await admin(urls[adminAt]!);
      const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
      const shopper = track(await connect(urls[customerAt]!));
      const atCustomer = collect<[string, { id: number }]>(shopper, SOCKET_EVENTS.serverToClient, 2);

      expect(await say(shopper, 'Do you ship to Oslo?')).toEqual({ ok: true, id: 1 });
      await until(() => atAdmin.length === 1, 'the admin on the other instance has the message');
      expect(atAdmin[0]).toMatchObject({ user: shopper.id, message: 'Do you ship to Oslo?', id: 1 });

      expect(await ack(adminSocket, SOCKET_EVENTS.adminSendsMessage, { user: shopper.id, message: 'We do' })).toEqual({ ok: true, id: 2 });
      await until(() => atCustomer.length === 1, 'the customer on the other instance has the answer');
      expect(atCustomer[0]).toEqual(['We do', { id: 2 }]);

      expect(await ack(adminSocket, SOCKET_EVENTS.adminClosesChat, { roomId: shopper.id })).toEqual({ ok: true });
    },
  );

  it('when an order is created on instance A, then an admin connected to instance B hears newOrder and a customer does not', async () => {
    const { socket: adminSocket } = await admin(b.url);
    const atAdmin = collect<NewOrderPayload>(adminSocket, SOCKET_EVENTS.newOrder);
    const shopper = track(await connect(b.url));
    const atShopper = collect(shopper, SOCKET_EVENTS.newOrder);

    const order = { _id: 'order-across', createdAt: new Date().toISOString(), orderTotal: { cartSubtotal: 42.5 } };
    a.api.context.events.emit('orderCreated', order);
    await until(() => atAdmin.length === 1, 'the admin on B hears of the order');
    expect(atAdmin).toEqual([order]);
    // Anything emitted after the order reaches the shopper after it, if at all: a message round trip settles it.
    await say(shopper, 'still there?');
    expect(atShopper).toEqual([]);
  });

  it('when a customer drops from instance A and reconnects to instance B, then the socket is recovered with what it missed, once and in order', async () => {
    const { socket: adminSocket } = await admin(b.url);
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = track(await connect(a.url));
    const atCustomer = collect<string>(shopper, SOCKET_EVENTS.serverToClient);
    await say(shopper, 'hello');
    await until(() => atAdmin.length === 1, 'the conversation is open');
    const id = shopper.id;

    holdOffline(shopper);
    await cutClientSide(hubA, shopper);
    for (const message of ['one', 'two', 'three']) {
      expect(await ack(adminSocket, SOCKET_EVENTS.adminSendsMessage, { user: id, message })).toMatchObject({ ok: true });
    }
    // The load balancer sends the reconnection elsewhere.
    (shopper.io as unknown as { uri: string }).uri = b.url;
    await comeBack(shopper);

    expect(shopper.recovered).toBe(true);
    expect(shopper.id).toBe(id);
    await until(() => atCustomer.length >= 3, 'the missed messages arrive');
    expect(await say(shopper, 'thanks')).toEqual({ ok: true, id: 5 });
    await until(() => atAdmin.length === 2, 'the admin still has the conversation');
    expect(atCustomer).toEqual(['one', 'two', 'three']);
    expect(atAdmin[1]).toMatchObject({ user: id, message: 'thanks', id: 5 });
  });

  it('when a message reached instance C, C drains before its ack arrives and the customer sends it again to B, then the admin has it once and the ack names the same entry', async () => {
    const c = await startInstance();
    const { socket: adminSocket } = await admin(b.url);
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = track(await connect(c.url));
    expect(await ack(shopper, SOCKET_EVENTS.clientSendsMessage, 'Is the mug in stock?', 'msg-1')).toEqual({ ok: true, id: 1 });
    await until(() => atAdmin.length === 1, 'the admin on B has the message');

    // C drains (SIGTERM): the socket is closed as a transport close and comes back through the balancer on B.
    holdOffline(shopper);
    await c.api.stop(2_000);
    (shopper.io as unknown as { uri: string }).uri = b.url;
    await comeBack(shopper);
    expect(shopper.recovered).toBe(true);
    // The client never saw that ack (it went with the connection), so the same message goes again, same id.
    expect(await ack(shopper, SOCKET_EVENTS.clientSendsMessage, 'Is the mug in stock?', 'msg-1')).toEqual({ ok: true, id: 1 });
    expect(await ack(shopper, SOCKET_EVENTS.clientSendsMessage, 'And the plates?', 'msg-2')).toEqual({ ok: true, id: 2 });
    await until(() => atAdmin.length >= 2, 'the next message arrives');
    expect(atAdmin.map((p) => [p.message, p.id])).toEqual([
      ['Is the mug in stock?', 1],
      ['And the plates?', 2],
    ]);
  });

  it('when the only admin is on an instance that shuts down, then a customer on another instance is told no admin', async () => {
    const c = await startInstance();
    const { socket: adminSocket } = await admin(c.url);
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = track(await connect(a.url));
    const told = collect(shopper, SOCKET_EVENTS.noAdmin);
    await say(shopper, 'anyone?');
    await until(() => atAdmin.length === 1, 'the admin on C has the message');

    holdOffline(adminSocket);
    await c.api.stop();
    // Kept for the next admin, but the customer is told nobody reads it now.
    expect(await say(shopper, 'hello?')).toMatchObject({ ok: true, id: 2 });
    // With a shared adapter, socket.io routes even a direct emit through Redis: it may trail the ack.
    await until(() => told.length === 1, 'the customer is told no admin');
  });

  it('when an instance dies without a goodbye, then its admins expire with its heartbeat and customers are told no admin', async () => {
    // The test holds this presence so it can stop the heartbeat as a crash would, keeping the entries.
    const crashing = createRedisPresence(probe, { instanceId: 'crashing', ttlMs: 300, logger });
    const c = await startInstance({ presence: crashing });
    const { socket: adminSocket } = await admin(c.url);
    const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
    const shopper = track(await connect(a.url));
    await say(shopper, 'anyone?');
    await until(() => atAdmin.length === 1, 'the admin on C has the message');

    const adminId = adminSocket.id!;
    holdOffline(adminSocket);
    crashing.abandon();
    await c.api.stop();
    await vi.waitFor(async () => expect(await crashing.has(adminId)).toBe(false), { timeout: 10_000, interval: 50 });
    const told = collect(shopper, SOCKET_EVENTS.noAdmin);
    expect(await say(shopper, 'hello?')).toMatchObject({ ok: true });
    await until(() => told.length === 1, 'the customer is told no admin');
  });

  it('when a customer keeps a conversation, then admins on every instance hear it, one answers, and the customer reloaded on another instance reads it all again', async () => {
    const onA = await admin(a.url);
    const onB = await admin(b.url);
    const heardOnA = collect<ClientToAdminPayload>(onA.socket, SOCKET_EVENTS.serverToAdmin);
    const heardOnB = collect<ClientToAdminPayload>(onB.socket, SOCKET_EVENTS.serverToAdmin);
    const answeredOnA = collect<ChatAnsweredPayload>(onA.socket, CHAT_EVENTS.answered);
    // The session is the proof the conversation is kept by (decision 013); both instances read it from Redis.
    const { token } = await a.register({ name: 'Mia', lastName: 'Mug' });
    const first = track(await connect(a.url, { token, auth: { keep: true } }));
    expect(await say(first, 'Can I return a mug?')).toEqual({ ok: true, id: 1 });
    await until(() => heardOnA.length === 1 && heardOnB.length === 1, 'admins on both instances hear it');
    const conversation = heardOnB[0]!.user;
    expect(heardOnB[0]).toMatchObject({ user: conversation, message: 'Can I return a mug?', id: 1, name: 'Mia Mug' });

    // The page reloads (its connection just ends): a new socket, on the other instance, with the same session.
    holdOffline(first);
    await cutClientSide(hubA, first);
    const again = track(await connect(b.url, { token, auth: { keep: true } }));
    const atCustomer = collect<string>(again, SOCKET_EVENTS.serverToClient);
    expect(await ack(onB.socket, SOCKET_EVENTS.adminSendsMessage, { user: conversation, message: 'Within 30 days' })).toEqual({
      ok: true,
      id: 2,
    });
    await until(() => atCustomer.length === 1 && answeredOnA.length === 1, 'the reply reaches the customer and the other admin');
    expect(answeredOnA[0]).toMatchObject({ user: conversation, by: { id: onB.userId } });
    expect(await ack(again, CHAT_EVENTS.replay, { after: 0 })).toEqual({
      ok: true,
      messages: [
        { id: 1, from: 'client', text: 'Can I return a mug?' },
        { id: 2, from: 'admin', text: 'Within 30 days' },
      ],
    });
    expect(await ack(onA.socket, CHAT_EVENTS.conversations)).toMatchObject({
      ok: true,
      conversations: [{ user: conversation, takenBy: { id: onB.userId }, messages: [{ id: 1 }, { id: 2 }] }],
    });
    expect(await ack(onB.socket, SOCKET_EVENTS.adminClosesChat, conversation)).toEqual({ ok: true });
  });
  it('when a shopper on instance A shares their screen, then an admin on instance B sees it through the relay, an admin page loading on B lists it, B may ask again once the shopper answered and hears it stop, and Redis keeps nothing of it', async () => {
    const onB = await admin(b.url);
    const shown = collect<ScreenToAdmin>(onB.socket, SCREEN_EVENTS.shown);
    const shopper = track(await connect(a.url));
    const asked = collect(shopper, SCREEN_EVENTS.asked);
    expect(await say(shopper, 'My cart looks wrong')).toMatchObject({ ok: true });
    const askFromB = () => ack(onB.socket, SCREEN_EVENTS.ask, { user: shopper.id });

    // B asks; the shopper, on A, says Not now: B may ask again, and the shopper then shares.
    expect(await askFromB()).toEqual({ ok: true });
    await until(() => asked.length === 1, 'the shopper on A is asked');
    expect(await ack(shopper, SCREEN_EVENTS.share, { on: false })).toEqual({ ok: true });
    // The answer reaches B through Redis a moment after A acknowledged it.
    await vi.waitFor(async () => expect(await askFromB()).toEqual({ ok: true }), { timeout: 10_000, interval: 50 });
    await until(() => asked.length === 2, 'the shopper on A is asked again');
    expect(await ack(shopper, SCREEN_EVENTS.share, { on: true })).toEqual({ ok: true });

    const screen = (path: string): SharedScreen => ({
      path,
      title: `${path} seen by support`,
      signedInAs: null,
      cart: [],
      step: null,
      error: null,
      events: [],
    });
    for (const path of ['/cart', '/checkout']) expect(await ack(shopper, SCREEN_EVENTS.update, screen(path))).toEqual({ ok: true });
    await until(() => shown.at(-1)?.screen?.path === '/checkout', 'the admin on B has the newest screen');
    expect(shown[0]).toEqual({ user: shopper.id, screen: screen('/cart') });
    // An admin page that loads on B now lists the screen shared through A.
    const later = await admin(b.url);
    expect(await ack(later.socket, SCREEN_EVENTS.list, {})).toEqual({
      ok: true,
      screens: [{ user: shopper.id, screen: screen('/checkout') }],
    });
    expect(await ack(shopper, SCREEN_EVENTS.share, { on: false })).toEqual({ ok: true });
    await until(() => shown.at(-1)?.screen === null, 'the admin on B hears sharing stopped');
    expect(await ack(later.socket, SCREEN_EVENTS.list, {})).toEqual({ ok: true, screens: [] });
    // Nothing of the screen went into what Redis keeps (the adapter's stream, for recovery).
    const kept = JSON.stringify(await probe.xRange('sf:chat:stream', '-', '+'));
    expect(kept).toContain('My cart looks wrong');
    expect(kept).not.toContain('seen by support');
    expect(await ack(onB.socket, SOCKET_EVENTS.adminClosesChat, shopper.id)).toEqual({ ok: true });
  });
});
