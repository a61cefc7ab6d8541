import type { Duplex } from 'node:stream';
import { CHAT_TEXTS } from '../../contracts/chat.ts';
import type { Session } from '../session/session-cookie.ts';

export type SocketCapsOptions = { perAddress: number; perSession: number };

/**
 * Open chat websockets per shopper address and per session at the relay, counted from the
 * upgrade until the browser's end closes, so a flood is cut before it costs the API anything.
 * Only websockets: long-polling arrives here as separate requests whose session only the
 * hub can see end, so the hub counts every socket.io connection (either transport) once, and
 * a polling socket that upgrades counts here once, as the websocket it becomes. Per instance:
 * a websocket lives on one BFF. Admins (as their session said at login) are not counted.
 */
export const socketCaps = ({ perAddress, perSession }: SocketCapsOptions) => {
  const open = new Map<string, number>();
  const bump = (keys: string[], by: 1 | -1) => {
    for (const key of keys) {
      const next = (open.get(key) ?? 0) + by;
      if (next > 0) open.set(key, next);
      else open.delete(key);
    }
  };
  return {
    /** Counts the socket in, or says why not in the words the shopper will read. */
    admit(socket: Duplex, { address, session }: { address: string; session: Session | null }): string | undefined {
      if (session?.isAdmin) return undefined;
      const byAddress = `address:${address}`;
      const bySession = session ? `session:${session.id}` : undefined;
      if ((open.get(byAddress) ?? 0) >= perAddress) return CHAT_TEXTS.tooManyChats;
      if (bySession && (open.get(bySession) ?? 0) >= perSession) return CHAT_TEXTS.tooManyWindows;
      const keys = bySession ? [byAddress, bySession] : [byAddress];
      bump(keys, 1);
      socket.once('close', () => bump(keys, -1));
      return undefined;
    },
  };
};

export type SocketCaps = ReturnType<typeof socketCaps>;
