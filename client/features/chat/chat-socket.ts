import { CHAT_SOCKET_OPTIONS } from '../../../machines/chat/customer-chat.machine.ts';

type Listener = (...args: never[]) => void;

/** The part of socket.io-client's Socket the chat uses, so tests can play the server with a fake. */
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
};

export type ChatSocketFactory = () => Promise<ChatSocket>;

/** Same origin (the BFF adds the session), spec section 9's reconnection delays and timeout. */
export const SHOP_SOCKET_OPTIONS = { ...CHAT_SOCKET_OPTIONS, path: '/socket.io' } as const;

/** socket.io-client is imported here, on first use, so it never weighs on the main chunk. */
const realSocket: ChatSocketFactory = async () => {
  const { io } = await import('socket.io-client');
  return io(SHOP_SOCKET_OPTIONS);
};

let factory: ChatSocketFactory = realSocket;

export const openChatSocket = (): Promise<ChatSocket> => factory();

/** Tests replace the connection with a fake; `null` restores the real one. */
export const setChatSocketFactory = (next: ChatSocketFactory | null): void => {
  factory = next ?? realSocket;
};

/**
 * Runs `wire` once the socket has loaded and connected lazily; the returned cleanup also
 * covers a stop that comes before the import finished.
 */
export const withChatSocket = (wire: (socket: ChatSocket) => void, onFail: (error: unknown) => void): (() => void) => {
  let stopped = false;
  let socket: ChatSocket | null = null;
  openChatSocket().then(
    (s) => {
      if (stopped) {
        s.disconnect();
        return;
      }
      socket = s;
      wire(s);
    },
    (error: unknown) => {
      if (!stopped) onFail(error);
    },
  );
  return () => {
    stopped = true;
    socket?.off();
    socket?.disconnect();
  };
};
