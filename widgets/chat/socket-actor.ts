import { fromCallback } from 'xstate';
import {
  CHAT_EVENTS,
  SOCKET_EVENTS,
  type ChatAck,
  type ChatHandshakeAuth,
  type ChatIdentify,
} from '../../contracts/chat.ts';
import type { CHAT_SOCKET_OPTIONS, CustomerChatEvent, CustomerSocketCommand } from '../../machines/chat/customer-chat.machine.ts';

type Listener = (...args: never[]) => void;
/** The part of socket.io-client's Socket the widget uses, so tests can pass a fake. */
export type ChatSocket = {
  readonly connected: boolean;
  /** True when socket.io restored the session (missed events are then redelivered by it). */
  readonly recovered: boolean;
  /** False once the shop refused the connection: socket.io then does not try again by itself. */
  readonly active: boolean;
  on(event: string, listener: Listener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
  off(): unknown;
};
export type SocketOptionsIn = typeof CHAT_SOCKET_OPTIONS & {
  path: '/socket.io';
  withCredentials: false;
  /** Read on every (re)connection, so an identify made later applies to the next handshake. */
  auth: (cb: (data: ChatHandshakeAuth) => void) => void;
};
export type SocketFactory = (origin: string, options: SocketOptionsIn) => ChatSocket;

export type SocketActorDeps = {
  origin: string;
  createSocket: SocketFactory;
  getIdentity: () => ChatIdentify | null;
  /** The hub could not verify the identity: the socket carries on anonymously. */
  onIdentifyFailed: () => void;
  /** A refused send (too long, too fast) to show the visitor, or null once a send succeeds. */
  onNotice: (message: string | null) => void;
  /** Lets the widget reconnect the live socket when identify is called mid-chat. */
  onSocket: (socket: ChatSocket | null) => void;
};

/** The shop's flood refusals say "try again in a minute": the widget does so by itself. */
export const REFUSED_RETRY_MS = 60_000;

const idOf = (meta: unknown): number | undefined =>
  typeof meta === 'object' && meta !== null && typeof (meta as { id?: unknown }).id === 'number' ? (meta as { id: number }).id : undefined;

/**
 * The customer chat machine's `socket` actor: one socket.io connection to the shop, spec
 * section 7 events mapped to machine events, and the machine's `send` commands emitted.
 * Admin messages carry ids: one socket.io redelivers after a recovered drop is skipped, so
 * each arrives exactly once.
 */
export const createSocketActor = (deps: SocketActorDeps) =>
  fromCallback<CustomerSocketCommand, { options: typeof CHAT_SOCKET_OPTIONS }>(({ input, sendBack, receive }) => {
    const send = (event: CustomerChatEvent) => sendBack(event);
    let lastSeen = 0;
    let connectedBefore = false;
    let refused = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const deliver = (text: string, id: number | undefined) => {
      if (id !== undefined) {
        if (id <= lastSeen) return;
        lastSeen = id;
      }
      send({ type: 'chat.adminMessage', text });
    };
    const socket = deps.createSocket(deps.origin, {
      ...input.options,
      path: '/socket.io',
      // A partner page's cookies are none of the shop's business, and the shop sets none cross-site.
      withCredentials: false,
      auth: (cb) => {
        const identify = deps.getIdentity();
        cb(identify ? { identify } : {});
      },
    });
    socket.on('connect', () => {
      // A connection socket.io could not recover is a new socket, so a new room whose ids start
      // at 1 again (spec: rooms are keyed by socket); what the old room missed is not reachable.
      if (connectedBefore && !socket.recovered) lastSeen = 0;
      connectedBefore = true;
      if (refused) deps.onNotice(null);
      refused = false;
      send({ type: 'chat.connected' });
    });
    // The shop said no (too many chats from this network): say why, and ask again in a minute.
    socket.on('connect_error', (error: Error) => {
      if (socket.active) return;
      refused = true;
      deps.onNotice(error.message);
      retry = setTimeout(() => socket.connect(), REFUSED_RETRY_MS);
    });
    socket.on('disconnect', () => send({ type: 'chat.disconnected' }));
    socket.on(CHAT_EVENTS.identifyFailed, () => deps.onIdentifyFailed());
    socket.on(SOCKET_EVENTS.serverToClient, (text: unknown, meta: unknown) => {
      if (typeof text === 'string') deliver(text, idOf(meta));
    });
    socket.on(SOCKET_EVENTS.noAdmin, () => send({ type: 'chat.noAdmin' }));
    socket.on(SOCKET_EVENTS.adminClosedChat, () => send({ type: 'chat.adminClosed' }));
    receive((command) => {
      socket.emit(SOCKET_EVENTS.clientSendsMessage, command.text, (answer: ChatAck) =>
        // 'no admin' has its own event and text; other refusals are shown as the hub words them.
        deps.onNotice(answer.ok || answer.code === 'no admin' ? null : answer.message),
      );
    });
    deps.onSocket(socket);
    return () => {
      clearTimeout(retry);
      deps.onSocket(null);
      socket.off();
      socket.disconnect();
    };
  });
