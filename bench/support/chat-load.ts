/**
 * The chat under load, from socket.io clients in this process: guests (the chat needs no login,
 * spec section 7) and admins who announce themselves, then timed customer → admin messages.
 * Both ends are here, so one clock times the relay; every text is unique, so lost and
 * duplicated messages are counted exactly.
 */
import { io, type Socket } from 'socket.io-client';
import { type ChatAck, type ClientToAdminPayload, SOCKET_EVENTS } from '#contracts/chat.ts';
import { cookieFrom, postJson } from '../../bff/testing/bff-harness.ts';

/** The demo shop's admin. */
export const ADMIN = { email: 'admin@admin.com', password: 'admin@admin.com' };

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

/** The first admin receipt of a text, and how often one admin received it (more than once: duplicated). */
export type Received = { at: number; count: number };

export type ChatRun = {
  customers: Socket[];
  admins: Socket[];
  /**
   * Text → when the first admin receipt of it arrived (performance.now()), and the most times
   * one admin received it: every admin socket hears every message (decision 010), so a copy at
   * each admin is no duplicate; two at one admin are.
   */
  received: Map<string, Received>;
  close(): void;
};

/** A shop's public URL (the BFF's, or nginx's), with `admins` sessions of the demo admin logged in there. */
export const viaShop = async (url: string, admins: number): Promise<Target> => {
  const adminHeaders = [];
  for (let i = 0; i < admins; i++) {
    const res = await postJson(`${url}/api/users/login`, ADMIN, { origin: url });
    if (res.status !== 200) throw new Error(`admin login at ${url} answered ${res.status}`);
    adminHeaders.push({ cookie: cookieFrom(res) });
  }
  return { url, adminHeaders, headers: { origin: url } };
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
      const heard = new Map<string, number>();
      admin.on(SOCKET_EVENTS.serverToAdmin, (payload: ClientToAdminPayload) => {
        const times = (heard.get(payload.message) ?? 0) + 1;
        heard.set(payload.message, times);
        const seen = received.get(payload.message);
        if (seen) seen.count = Math.max(seen.count, times);
        else received.set(payload.message, { at: performance.now(), count: times });
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

/** One customer message, timed from its emit; `ok` when the hub acknowledged it. */
export const sendOne = async (socket: Socket, text: string): Promise<Sent> => {
  const at = performance.now();
  const ok = await ack(socket, SOCKET_EVENTS.clientSendsMessage, text).then(
    (a) => a.ok,
    () => false,
  );
  return { text, at, ok };
};

/**
 * `rounds` rounds in which every customer sends one message, spread evenly over `roundMs`
 * (under the hub's 5 messages a second per socket). Returns what was sent and when.
 */
export const sendRounds = async (run: ChatRun, label: string, rounds: number, roundMs: number): Promise<Sent[]> => {
  const pending: Promise<Sent>[] = [];
  const gap = roundMs / run.customers.length;
  const start = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const [i, socket] of run.customers.entries()) {
      const due = start + round * roundMs + i * gap;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      pending.push(sendOne(socket, `${label} ${round} ${i}`));
    }
  }
  return Promise.all(pending);
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
