import http from 'node:http';
import { io as connectClient, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import type { ChatAck, ChatHandshakeAuth } from '../../contracts/chat.ts';
import { SOCKET_EVENTS } from '../../contracts/chat.ts';
import type { TestApi } from './api-harness.ts';
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
  const { token, user } = await t.register({ name: 'Ada', lastName: 'Admin' });
  await t.makeAdmin(user._id);
  const socket = await connect(url, { token });
  const answer = await ack(socket, SOCKET_EVENTS.adminConnected, `admin-${user._id}`);
  if (!answer.ok) throw new Error(`admin could not connect: ${answer.message}`);
  return { socket, token, userId: user._id };
};

/** Sends as a customer and waits for the hub's answer. */
export const say = (socket: Socket, text: string): Promise<ChatAck> => ack(socket, SOCKET_EVENTS.clientSendsMessage, text);

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

const cut = async (hub: HubServer, socket: Socket, terminate: () => void) => {
  const id = socket.id!;
  const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
  terminate();
  await gone;
  await until(() => !hub.of('/').sockets.has(id), 'the hub notices the drop');
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
