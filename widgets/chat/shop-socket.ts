import type { ChatHandshakeAuth, ChatIdentify } from '#contracts/chat.ts';
import type { ChatSocket, OpenChatSocket } from '#machines/chat/chat-socket.ts';
import type { ChatSocketOptions } from '#machines/chat/customer-chat.machine.ts';

export type SocketOptionsIn = Omit<ChatSocketOptions, 'auth'> & {
  path: '/socket.io';
  withCredentials: false;
  /** Read on every (re)connection, so an identify made later applies to the next handshake. */
  auth: (cb: (data: ChatHandshakeAuth) => void) => void;
};
/** socket.io-client's `io(origin, options)`, or a test's fake. */
export type SocketFactory = (origin: string, options: SocketOptionsIn) => ChatSocket;

/**
 * How the widget opens the shared customer chat socket actor's connection: to the shop's origin,
 * without the partner page's cookies, with the visitor's signed identity (if any) in `auth`, and
 * the visitor token the shop gave this browser before when `getVisitor` gives it (decision 013).
 */
export const shopSocketOpener =
  (
    origin: string,
    createSocket: SocketFactory,
    getIdentity: () => ChatIdentify | null,
    getVisitor: () => string | null = () => null,
  ): OpenChatSocket =>
  (options) =>
    createSocket(origin, {
      ...options,
      path: '/socket.io',
      // A partner page's cookies are none of the shop's business, and the shop sets none cross-site.
      withCredentials: false,
      auth: (cb) => {
        const identify = getIdentity();
        const visitor = getVisitor();
        // `keep` travels beside the proofs: the identity and the token the shop gave this visitor, with
        // which an identity given mid-conversation takes the guest's conversation on.
        cb({ ...options.auth, ...(identify ? { identify } : {}), ...(visitor ? { visitor } : {}) });
      },
    });
