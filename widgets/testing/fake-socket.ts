import { CHAT_EVENTS, type ChatHandshakeAuth, type ChatHistoryEntry } from '#contracts/chat.ts';
import type { ChatSocket } from '#machines/chat/chat-socket.ts';
import type { SocketFactory, SocketOptionsIn } from '../chat/shop-socket.ts';

type Handler = (...args: unknown[]) => void;

/** A socket.io client stand-in: the test plays the server (handshake, events, drops, acks). */
export class FakeSocket implements ChatSocket {
  connected = false;
  recovered = false;
  active = true;
  readonly emitted: unknown[][] = [];
  readonly handshakes: ChatHandshakeAuth[] = [];
  /** The kept conversation so far, which the fake hub answers a replay with at once (as the hub does). */
  history: ChatHistoryEntry[] = [];
  private handlers = new Map<string, Handler[]>();

  constructor(
    readonly origin: string,
    readonly options: SocketOptionsIn,
  ) {}

  on(event: string, listener: (...args: never[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener as Handler]);
    return this;
  }
  off() {
    this.handlers.clear();
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
    const ack = args.at(-1);
    if (event === CHAT_EVENTS.replay && typeof ack === 'function') {
      const { after } = args[0] as { after: number };
      ack({ ok: true, messages: this.history.filter((m) => m.id > after) });
    }
    return this;
  }
  /** What each handshake presented besides asking to keep the conversation (tested on its own). */
  get presented(): Array<Omit<ChatHandshakeAuth, 'keep'>> {
    return this.handshakes.map(({ keep: _keep, ...rest }) => rest);
  }
  /** Like socket.io, a connection attempt reads `auth` for its handshake. */
  connect() {
    this.active = true;
    this.options.auth((data) => this.handshakes.push(data));
    return this;
  }
  disconnect() {
    if (this.connected) this.fromServer('disconnect', 'io client disconnect');
    this.connected = false;
    return this;
  }
  /** The server accepts the latest handshake; `recovered` as socket.io reports it. */
  accept(recovered = false) {
    this.connected = true;
    this.recovered = recovered;
    this.fromServer('connect');
  }
  /** The shop refuses the handshake with a sentence (a middleware's error): socket.io stops trying. */
  refuse(message: string) {
    this.active = false;
    this.fromServer('connect_error', new Error(message));
  }
  /** The transport drops; socket.io then tries again with a new handshake. */
  drop() {
    this.connected = false;
    this.fromServer('disconnect', 'transport close');
    this.connect();
  }
  fromServer(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  /** The arguments of each `event` emitted, acknowledgement callbacks left out. */
  sent(event: string) {
    return this.emitted.filter(([name]) => name === event).map(([, ...args]) => args.filter((a) => typeof a !== 'function'));
  }
  /** Answers the acknowledgement of the last `event` emitted. */
  ack(event: string, answer: unknown) {
    const last = this.emitted.filter(([name]) => name === event).at(-1);
    const callback = last?.at(-1);
    if (typeof callback !== 'function') throw new Error(`No acknowledgement pending for "${event}"`);
    callback(answer);
  }
}

/** A socket factory that, like io(), starts connecting at once, and keeps every socket it made. */
export const fakeSocketFactory = () => {
  const sockets: FakeSocket[] = [];
  const create: SocketFactory = (origin, options) => {
    const socket = new FakeSocket(origin, options);
    sockets.push(socket);
    socket.connect();
    return socket;
  };
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('No socket was created');
    return socket;
  };
  return { create, sockets, last };
};
