import type { ChatSocketOptions } from './customer-chat.machine.ts';

type Listener = (...args: never[]) => void;

/**
 * The part of socket.io-client's Socket the chat actors use. Structural, so machines/ never
 * imports socket.io-client: the shop and the widget pass real sockets, tests pass fakes.
 */
export type ChatSocket = {
  readonly connected: boolean;
  /** True when socket.io restored the session after a drop: same id, missed events redelivered. */
  readonly recovered: boolean;
  /** False once the server refused the connection: socket.io then does not try again by itself. */
  readonly active: boolean;
  on(event: string, listener: Listener): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  off(): unknown;
  disconnect(): unknown;
  /** The connection under the socket: closing it is a drop (socket.io reconnects by itself), not a goodbye. */
  readonly io?: { engine?: { close(): unknown } };
};

/**
 * Opens one connection with spec section 9's options (the caller adds origin, path, auth). The
 * shop loads socket.io-client on first use, hence the promise; the widget answers at once.
 */
export type OpenChatSocket = (options: ChatSocketOptions) => ChatSocket | Promise<ChatSocket>;

/**
 * A new handshake on a live socket, to present a proof given since (a partner's identify). The
 * connection is dropped, not closed: socket.io reconnects by itself and the hub keeps the
 * conversation waiting as for a reload, where a deliberate disconnect would end the conversation
 * the new proof takes on.
 */
export const handshakeAgain = (socket: ChatSocket): void => {
  const engine = socket.io?.engine;
  if (engine) engine.close();
  else {
    socket.disconnect();
    socket.connect();
  }
};
