/**
 * Chat clients through the balancer's public URL, as the shop's page opens them: socket.io over
 * websocket with the page's Origin and the session cookie, nothing else. Each client records
 * which instances served each of its connections: the BFF (and API) from the `X-Instance`
 * header of the websocket's 101 answer, the API also from the engine.io session id's prefix
 * (`api-1~…`).
 */
import type { IncomingMessage } from 'node:http';
import { io, type ManagerOptions, type Socket, type SocketOptions as SocketIoOptions } from 'socket.io-client';
import { type ChatAck, SOCKET_EVENTS } from '#contracts/chat.ts';
import { parseInstance } from './browser.ts';

export { collect, until } from '../../../api/testing/sockets.ts';

export type Placement = { bff?: string; api?: string; header: string };

export type ChatClient = {
  socket: Socket;
  /** One entry per connection this socket made (the first, then every reconnection). */
  placements: Placement[];
  /** Where the live connection is. */
  where(): Placement;
  close(): void;
};

type WsTransport = { ws?: { once(event: 'upgrade', listener: (res: IncomingMessage) => void): void } };

const apiOfSid = (sid: string | undefined): string | undefined => (sid && sid.includes('~') ? sid.slice(0, sid.indexOf('~')) : undefined);

export type SocketOptions = Partial<ManagerOptions & SocketIoOptions>;

/**
 * Makes a socket that records where each of its connections lands, and starts it connecting.
 * The 101 answer is read off the `ws` object that engine.io-client creates synchronously inside
 * `connect()` (and inside each reconnection attempt, right after 'reconnect_attempt'), before
 * any byte can have come back.
 */
export const placedSocket = (url: string, cookie: string | undefined, options: SocketOptions): ChatClient => {
  const socket = io(url, {
    ...options,
    transports: ['websocket'],
    extraHeaders: { origin: url, ...(cookie ? { cookie } : {}) },
    forceNew: true,
    autoConnect: false,
    // Spec section 9 says 1 s to 5 s; shorter here so a stopped instance costs the suite less time.
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
  });
  const placements: Placement[] = [];
  let pending: Placement | undefined;
  const hook = () => {
    const transport = socket.io.engine?.transport as unknown as WsTransport | undefined;
    pending = { header: '' };
    const mine = pending;
    transport?.ws?.once('upgrade', (res) => {
      mine.header = String(res.headers['x-instance'] ?? '');
      Object.assign(mine, parseInstance(mine.header));
    });
  };
  socket.io.on('reconnect_attempt', () => queueMicrotask(hook));
  socket.on('connect', () => {
    const placement = pending ?? { header: '' };
    // The sid prefix is the API's own word for where the engine.io session lives.
    placement.api = apiOfSid(socket.io.engine?.id) ?? placement.api;
    placements.push(placement);
  });
  socket.connect();
  hook();
  return { socket, placements, where: () => placements.at(-1)!, close: () => void socket.close() };
};

/** Opens a socket and waits for it to connect. */
export const openChat = async (url: string, { cookie }: { cookie?: string } = {}): Promise<ChatClient> => {
  const client = placedSocket(url, cookie, { timeout: 20_000 });
  await new Promise<void>((resolve, reject) => {
    client.socket.once('connect', () => resolve());
    client.socket.once('connect_error', (error) => {
      client.close();
      reject(error);
    });
  });
  return client;
};

export const ack = (socket: Socket, event: string, ...args: unknown[]): Promise<ChatAck> =>
  socket.timeout(10_000).emitWithAck(event, ...args) as Promise<ChatAck>;

/** An admin's socket that has announced itself (the cookie is an admin's session). */
export const openAdmin = async (url: string, cookie: string): Promise<ChatClient> => {
  const client = await openChat(url, { cookie });
  const answer = await ack(client.socket, SOCKET_EVENTS.adminConnected, `cluster-admin-${crypto.randomUUID().slice(0, 8)}`);
  if (!answer.ok) {
    client.close();
    throw new Error(`the admin could not announce itself: ${answer.message}`);
  }
  return client;
};

/**
 * Moves the balancer's round-robins on by a random step, so the public upstream (BFFs) and the
 * internal one (APIs) do not stay in lockstep (a fixed step keeps the same pairs forever): a
 * guest's get-token is answered by a BFF alone, the categories cost one BFF and one API answer
 * (asked with no-cache: nginx's cache would answer them itself and move neither).
 */
export const nudge = async (url: string): Promise<void> => {
  const times = (n: number) => Array.from({ length: Math.floor(Math.random() * n) });
  for (const _ of times(3)) await fetch(`${url}/api/get-token`).then((r) => r.arrayBuffer());
  for (const _ of times(3)) await fetch(`${url}/api/categories`, { headers: { 'cache-control': 'no-cache' } }).then((r) => r.arrayBuffer());
};

/**
 * Opens clients until one sits where `wanted` says (round-robin decides, nudged between tries).
 * Clients that land elsewhere are closed. Throws after `tries`.
 */
export const openWhere = async <C extends ChatClient>(
  url: string,
  open: () => Promise<C>,
  wanted: (p: Placement) => boolean,
  tries = 24,
): Promise<C> => {
  const seen: string[] = [];
  for (let i = 0; i < tries; i++) {
    const client = await open();
    if (wanted(client.where())) return client;
    seen.push(`${client.where().header || '?'} sid ${client.where().api ?? '?'}`);
    client.close();
    await nudge(url);
  }
  throw new Error(`no connection landed where the test needs it after ${tries} tries; landed on: ${seen.join(', ')}`);
};

/** How often each text arrived: every text of `sent` exactly once, nothing else, is the goal. */
export const tally = (received: string[], sent: string[]) => {
  const counts = new Map<string, number>();
  for (const text of received) counts.set(text, (counts.get(text) ?? 0) + 1);
  return {
    lost: sent.filter((t) => !counts.has(t)),
    duplicated: [...counts].filter(([, n]) => n > 1).map(([t]) => t),
  };
};
