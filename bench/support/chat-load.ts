/**
 * The chat under load, from socket.io clients in this process: guests (the chat needs no login,
 * spec section 7) and admins who announce themselves, then timed customer → admin messages.
 * Both ends are here, so one clock times the relay; every text is unique, so lost and
 * duplicated messages are counted exactly.
 */
import { io, type Socket } from 'socket.io-client';
import { type ChatAck, type ClientToAdminPayload, SOCKET_EVENTS } from '../../contracts/chat.ts';

export type Target = {
  /** Where the sockets connect (the BFF's URL or the API's). */
  url: string;
  /** Headers of an admin's socket: the BFF's session cookie, or the API's bearer token. */
  adminHeaders: Record<string, string>[];
  /** Headers every socket sends (the Origin a shop page sends to the BFF). */
  headers: Record<string, string>;
};

const open = (url: string, headers: Record<string, string>): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], extraHeaders: headers, forceNew: true, reconnection: false, timeout: 60_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

const ack = (socket: Socket, event: string, ...args: unknown[]): Promise<ChatAck> =>
  socket.timeout(30_000).emitWithAck(event, ...args) as Promise<ChatAck>;

export type Received = { at: number; count: number };

export type ChatRun = {
  customers: Socket[];
  admins: Socket[];
  /** Text → when each admin receipt of it arrived (performance.now()), and how often. */
  received: Map<string, Received>;
  close(): void;
};

/** 3 admins (say), then `customers` guests opened `batch` at a time. */
export const connectAll = async (target: Target, customers: number, batch = 50): Promise<ChatRun> => {
  const received = new Map<string, Received>();
  const admins: Socket[] = [];
  const sockets: Socket[] = [];
  const close = () => [...admins, ...sockets].forEach((s) => s.close());
  try {
    for (const headers of target.adminHeaders) {
      const admin = await open(target.url, { ...target.headers, ...headers });
      admins.push(admin);
      const answer = await ack(admin, SOCKET_EVENTS.adminConnected, `bench-admin-${admins.length}`);
      if (!answer.ok) throw new Error(`an admin could not announce itself: ${answer.message}`);
      admin.on(SOCKET_EVENTS.serverToAdmin, (payload: ClientToAdminPayload) => {
        const seen = received.get(payload.message);
        if (seen) seen.count += 1;
        else received.set(payload.message, { at: performance.now(), count: 1 });
      });
    }
    for (let i = 0; i < customers; i += batch) {
      const opened = await Promise.all(Array.from({ length: Math.min(batch, customers - i) }, () => open(target.url, target.headers)));
      sockets.push(...opened);
    }
  } catch (error) {
    close();
    throw error;
  }
  return { customers: sockets, admins, received, close };
};

export type Sent = { text: string; at: number; ok: boolean };

/**
 * `rounds` rounds in which every customer sends one message, spread evenly over `roundMs`
 * (under the hub's 5 messages a second per socket). Returns what was sent and when.
 */
export const sendRounds = async (run: ChatRun, label: string, rounds: number, roundMs: number): Promise<Sent[]> => {
  const sent: Sent[] = [];
  const pending: Promise<void>[] = [];
  const gap = roundMs / run.customers.length;
  const start = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const [i, socket] of run.customers.entries()) {
      const due = start + round * roundMs + i * gap;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const entry: Sent = { text: `${label} ${round} ${i}`, at: performance.now(), ok: false };
      sent.push(entry);
      pending.push(
        ack(socket, SOCKET_EVENTS.clientSendsMessage, entry.text).then(
          (a) => void (entry.ok = a.ok),
          () => undefined,
        ),
      );
    }
  }
  await Promise.all(pending);
  return sent;
};

/** Waits until every sent text has reached an admin, or `quietMs` pass with nothing new. */
export const settle = async (run: ChatRun, sent: Sent[], quietMs = 3_000): Promise<void> => {
  let last = run.received.size;
  let since = Date.now();
  while (sent.some((s) => !run.received.has(s.text)) && Date.now() - since < quietMs) {
    await new Promise((r) => setTimeout(r, 50));
    if (run.received.size !== last) {
      last = run.received.size;
      since = Date.now();
    }
  }
};
