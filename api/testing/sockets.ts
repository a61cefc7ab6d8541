import http from 'node:http';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import WebSocket from 'ws';
import type { ChatAck, ChatHandshakeAuth, ClientToAdminPayload } from '#contracts/chat.ts';
import { CHAT_EVENTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import type { ApiConfig } from '../config.ts';
import { createRealtimeHub, type RealtimeHubOptions } from '../realtime/hub.ts';
import { createMemoryPresence } from '../realtime/presence.ts';
import { startTestApi, type TestApi } from './api-harness.ts';
import { registerAdmin } from './test-api.ts';
import type { HubServer } from '../realtime/types.ts';

/** Test helpers for the hub: real socket.io clients against startTestApi's server. */

/** `before` runs ahead of the handshake, to listen for what arrives with the connection. */
export type ClientOptions = {
  token?: string;
  auth?: ChatHandshakeAuth;
  before?: (socket: Socket) => void;
  transports?: Array<'websocket' | 'polling'>;
  /** The client's own address: anything in 127.0.0.0/8 reaches the loopback, so tests can be several shoppers. */
  localAddress?: string;
};

/**
 * socket.io-client's `agent` option for a client at `localAddress`: its Node transports (polling
 * and websocket) take an http.Agent, though engine.io-client types the option as a string.
 */
export const agentFrom = (localAddress: string | undefined): { agent?: string } =>
  localAddress ? { agent: new http.Agent({ localAddress }) as unknown as string } : {};

export type HubTestApi<Front> = {
  t: TestApi;
  hub: HubServer;
  /** What `front` started before the API (a BFF), if anything. */
  front: Front;
  /** Keeps a socket to let go after the test. */
  track<S extends Socket>(socket: S): S;
};

/**
 * What the hub's test files share, direct or through a BFF: for the tests of the file (or
 * describe block) that calls it, an API with the realtime hub (`hub` its options, `config` the
 * API's) and, with `front`, what it starts before the API (a BFF: bff/ may import api/'s test
 * helpers, not the other way), made before them and stopped after them. After each test every
 * tracked socket is let go and the hub is waited on until it holds none and, when its presence is
 * this process's, no admin counts as online: admins of one test must be gone before the next counts who is online. Its fields are set once its beforeAll has run.
 */
export const hubTestApi = <Front extends { stop(): Promise<void> } | undefined = undefined>({
  config,
  hub,
  front,
}: { config?: Partial<ApiConfig>; hub?: RealtimeHubOptions; front?: (t: TestApi) => Promise<Front> } = {}): HubTestApi<Front> => {
  const open: Socket[] = [];
  const live = { track: (socket) => (open.push(socket), socket) } as HubTestApi<Front>;
  // The hub's own presence when one process holds it: a departed admin leaves it through the
  // hub's queue after its socket is gone, which a loaded database can hold back past the next test.
  const presence = hub?.presence ?? (config?.REDIS_URL ? undefined : createMemoryPresence());
  beforeAll(async () => {
    live.t = await startTestApi({ config, attachments: [createRealtimeHub({ ...hub, presence, onAttached: (io) => (live.hub = io) })] });
    if (front) live.front = await front(live.t);
  });
  afterEach(async () => {
    for (const socket of open.splice(0)) socket.disconnect();
    await until(() => live.hub.of('/').sockets.size === 0, 'the hub has let every socket go');
    let online = true;
    const end = Date.now() + 10_000;
    while ((online = (await presence?.online()) ?? false) && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    if (online) throw new Error('timed out waiting until no admin is online');
  });
  afterAll(async () => {
    await live.front?.stop();
    await live.t?.stop();
  });
  return live;
};

/** A connected socket.io client; reconnects quickly so recovery tests do not wait seconds. */
export const connect = async (
  url: string,
  { token, auth, before, transports = ['websocket'], localAddress }: ClientOptions = {},
): Promise<Socket> => {
  const socket = connectClient(url, {
    path: '/socket.io',
    transports,
    ...agentFrom(localAddress),
    extraHeaders: token ? { authorization: `Bearer ${token}` } : {},
    auth: auth ?? {},
    reconnectionDelay: 50,
    reconnectionDelayMax: 100,
    forceNew: true,
    autoConnect: false,
  });
  before?.(socket);
  socket.connect();
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
};

/**
 * Everything received on `event`, in order: the first argument, or the first `arity` ones as
 * an array. With connection state recovery the server appends its offset as one more argument,
 * which is why the count is explicit.
 */
export const collect = <T = unknown>(socket: Socket, event: string, arity = 1): T[] => {
  const seen: T[] = [];
  socket.on(event, (...args: unknown[]) => seen.push((arity === 1 ? args[0] : args.slice(0, arity)) as T));
  return seen;
};

/** Polls until `check` holds; fails with `what` when the deadline passes (a bound, never a measurement). */
export const until = async (check: () => boolean, what: string, deadlineMs = 10_000): Promise<void> => {
  const end = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

export const ack = (socket: Socket, event: string, ...args: unknown[]): Promise<ChatAck> =>
  socket.timeout(10_000).emitWithAck(event, ...args) as Promise<ChatAck>;

/** A logged-in admin's socket that has announced itself. */
export const connectAdmin = async (t: TestApi, url = t.url): Promise<{ socket: Socket; token: string; userId: string }> => {
  const { token, user } = await registerAdmin(t, { name: 'Ada', lastName: 'Admin' });
  const socket = await connect(url, { token });
  const answer = await ack(socket, SOCKET_EVENTS.adminConnected, `admin-${user._id}`);
  if (!answer.ok) throw new Error(`admin could not connect: ${answer.message}`);
  return { socket, token, userId: user._id };
};

/** Sends as a customer and waits for the hub's answer. */
export const say = (socket: Socket, text: string): Promise<ChatAck> => ack(socket, SOCKET_EVENTS.clientSendsMessage, text);

/**
 * An admin and a customer in one open conversation, direct or through a BFF: the admin's socket
 * first, then the customer's, each side's incoming messages collected from its start, and
 * `opening` said by the customer and received by the admin. Throws if the hub refuses it.
 */
export const chatPair = async (admin: () => Promise<Socket>, customer: () => Promise<Socket>, opening = 'hello') => {
  const adminSocket = await admin();
  const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
  const shopper = await customer();
  const atCustomer = collect<string>(shopper, SOCKET_EVENTS.serverToClient);
  const said = await say(shopper, opening);
  if (!said.ok) throw new Error(`the customer's opening was refused: ${said.message}`);
  await until(() => atAdmin.length === 1, 'the conversation is open');
  return { adminSocket, atAdmin, shopper, atCustomer };
};

/**
 * The hub's rate limit as the chat tests set it (5 messages a window), direct or through the BFF:
 * a customer's sixth message within the window is refused, and the admin gets only the five.
 */
export const expectSixthMessageRefused = async (adminSocket: Socket, customer: () => Promise<Socket>): Promise<void> => {
  const atAdmin = collect<ClientToAdminPayload>(adminSocket, SOCKET_EVENTS.serverToAdmin);
  const shopper = await customer();
  const answers = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => say(shopper, `message ${n}`)));
  expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true);
  expect(answers[5]).toMatchObject({ ok: false, code: 'rate limited' });
  await ack(adminSocket, CHAT_EVENTS.replay, { after: 0, room: shopper.id });
  expect(atAdmin.map((m) => m.message)).toEqual(['message 1', 'message 2', 'message 3', 'message 4', 'message 5']);
};

type ClientWsTransport = { ws?: { terminate(): void } };
type ServerWsTransport = { socket?: { terminate(): void } };

/** How many long-polls of the engine.io session `sid` are open at `server` now: GETs waiting for its next packet. */
export const openPolls = (server: http.Server, sid: string): (() => number) => {
  let open = 0;
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const query = new URL(req.url ?? '/', 'http://server').searchParams;
    if (req.method !== 'GET' || query.get('transport') !== 'polling' || query.get('sid') !== sid) return;
    open += 1;
    res.once('close', () => (open -= 1));
  });
  return () => open;
};

/** Keeps the client offline after a cut until `comeBack()`, so the test decides when it returns. */
export const holdOffline = (socket: Socket) => socket.io.reconnection(false);
export const comeBack = async (socket: Socket): Promise<void> => {
  socket.io.reconnection(true);
  const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.connect();
  await back;
};

/** Drops `socket`'s line with `terminate`, then waits until the client and the hub have both seen it go. */
export const cut = async (hub: HubServer, socket: Socket, terminate: () => void, what = 'the hub notices the drop') => {
  const id = socket.id!;
  const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
  terminate();
  await gone;
  await until(() => !hub.of('/').sockets.has(id), what);
};

/** Cuts the connection under the socket from the client's side (not socket.disconnect()). */
export const cutClientSide = (hub: HubServer, socket: Socket) =>
  cut(hub, socket, () => (socket.io.engine.transport as unknown as ClientWsTransport).ws!.terminate());

/** Cuts it from the server's side: the raw WebSocket under the engine.io connection. */
export const cutServerSide = (hub: HubServer, socket: Socket) =>
  cut(hub, socket, () => (hub.of('/').sockets.get(socket.id!)!.conn.transport as unknown as ServerWsTransport).socket!.terminate());

/** The headers of a websocket's 101 answer, or of the answer that refused it. */
export const upgradeHeaders = (url: string, origin?: string): Promise<http.IncomingHttpHeaders> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, origin ? { origin } : {});
    ws.once('upgrade', (res) => {
      resolve(res.headers);
      ws.close();
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.headers);
      res.resume();
    });
    ws.once('error', reject);
  });
