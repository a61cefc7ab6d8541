import type { ChatSocket, OpenChatSocket } from '../chat/chat-socket.ts';

type Listener = (...args: unknown[]) => void;
export type Emitted = { event: string; args: unknown[] };
/** How the fake server answers an acknowledged emit; undefined leaves the ack unanswered. */
export type Answer = (...args: unknown[]) => unknown;

const defaultAnswers: Record<string, Answer> = {
  'admin connected with server': () => ({ ok: true }),
  'admin closes chat': () => ({ ok: true }),
  'chat replay': () => ({ ok: true, messages: [] }),
  'chat conversations': () => ({ ok: true, you: 'admin-1', conversations: [] }),
  'screen list': () => ({ ok: true, screens: [] }),
};

/** A socket.io client stand-in: the test plays the server (connect, drop, server events, acks). */
export class FakeSocket implements ChatSocket {
  connected = false;
  recovered = false;
  active = true;
  closed = false;
  /** How often the client asked to connect again (after a refusal, or to present a new identity). */
  reconnects = 0;
  /** The options the chat opened this socket with. */
  options: unknown;
  readonly emitted: Emitted[] = [];
  readonly answers: Record<string, Answer> = { ...defaultAnswers };
  private readonly unanswered: Array<{ event: string; ack: (answer: unknown) => void }> = [];
  private readonly listeners = new Map<string, Listener[]>();
  private nextId = 1;

  on(event: string, listener: (...args: never[]) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as Listener]);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    const ack = typeof args.at(-1) === 'function' ? (args.pop() as (answer: unknown) => void) : undefined;
    this.emitted.push({ event, args });
    if (!ack) return this;
    const answer = this.answers[event] ?? (() => ({ ok: true, id: this.nextId++ }));
    const value = answer(...args);
    if (value !== undefined) ack(value);
    else this.unanswered.push({ event, ack });
    return this;
  }

  /** Server side: answers the oldest request of `event` left unanswered (its answer returned undefined). */
  answerLater(event: string, value: unknown): void {
    const at = this.unanswered.findIndex((u) => u.event === event);
    if (at < 0) throw new Error(`No unanswered ${event}`);
    this.unanswered.splice(at, 1)[0]!.ack(value);
  }

  off(): this {
    this.listeners.clear();
    return this;
  }

  connect(): this {
    this.active = true;
    this.reconnects += 1;
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.closed = true;
    return this;
  }

  /** Server side: deliver an event to the client's listeners. */
  serverEmit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** The (re)connection completes; `recovered` as socket.io's connection state recovery reports it. */
  open(recovered = false): void {
    this.connected = true;
    this.recovered = recovered;
    this.serverEmit('connect');
  }

  /** The server refuses the connection with a sentence (a middleware's error): socket.io stops trying. */
  refuse(message: string): void {
    this.active = false;
    this.serverEmit('connect_error', new Error(message));
  }

  /** The transport drops under the socket (socket.io will reconnect by itself). */
  drop(): void {
    this.connected = false;
    this.serverEmit('disconnect', 'transport close');
  }

  sent(event: string): unknown[][] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.args);
  }
}

/**
 * A socket opener handing out a new FakeSocket per connection, all kept for the test to drive.
 * Like the shop's, it answers asynchronously (the shop loads socket.io-client on first use).
 */
export const fakeSockets = (): { sockets: FakeSocket[]; factory: OpenChatSocket; latest: () => FakeSocket } => {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    factory: async (options) => {
      const socket = new FakeSocket();
      socket.options = options;
      sockets.push(socket);
      return socket;
    },
    latest: () => {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('No socket was opened');
      return socket;
    },
  };
};
