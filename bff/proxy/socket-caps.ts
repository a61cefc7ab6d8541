import type { Duplex } from 'node:stream';
import { openCounts } from '#server/open-counts.ts';
import type { SharedOpenCounts } from '#server/redis-open-counts.ts';
import { CHAT_TEXTS } from '#contracts/chat.ts';
import type { Session } from '../session/session-cookie.ts';

export type SocketCapsOptions = {
  perAddress: number;
  perSession: number;
  /** With REDIS_URL: the counts every BFF instance shares; this instance's memory otherwise. */
  shared?: SharedOpenCounts | undefined;
};

/**
 * Open chat websockets per shopper address and per session at the relay, counted from the
 * upgrade until the browser's end closes, so a flood is cut before it costs the API anything.
 * Only websockets: long-polling arrives here as separate requests whose session only the
 * hub can see end, so the hub counts every socket.io connection (either transport) once, and
 * a polling socket that upgrades counts here once, as the websocket it becomes. With Redis the
 * caps hold across every BFF instance (a crashed one's sockets are forgotten with its
 * heartbeat). Admins (as their session said at login) are not counted.
 */
export const socketCaps = ({ perAddress, perSession, shared }: SocketCapsOptions) => {
  const here = openCounts();
  return {
    /** Counts the socket in, or says why not in the words the shopper will read. */
    async admit(socket: Duplex, { address, session }: { address: string; session: Session | null }): Promise<string | undefined> {
      if (session?.isAdmin) return undefined;
      const caps = [{ key: `address:${address}`, max: perAddress }];
      if (session) caps.push({ key: `session:${session.id}`, max: perSession });
      const taken = shared ? await shared.take(caps) : here.take(caps);
      if ('full' in taken) return taken.full.key.startsWith('session:') ? CHAT_TEXTS.tooManyWindows : CHAT_TEXTS.tooManyChats;
      // The browser may have gone while Redis answered: then 'close' has already fired.
      if (socket.destroyed) taken.release();
      else socket.once('close', taken.release);
      return undefined;
    },
    /** Lets go of this instance's share of the counts (a graceful stop). */
    close: async () => shared?.close(),
  };
};

export type SocketCaps = ReturnType<typeof socketCaps>;
