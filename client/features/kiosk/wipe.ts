import type { ChatSocket, OpenChatSocket } from '#machines/chat/chat-socket.ts';
import { KIOSK_KEY, KIOSK_NAME_KEY } from '../../lib/kiosk-entry.ts';
import { KIOSK_FLEET_KEY } from './fleet-key.ts';

/** What the device keeps across shoppers: the kiosk flag, its name and the key that proves it. */
const KEPT: readonly string[] = [KIOSK_KEY, KIOSK_NAME_KEY, KIOSK_FLEET_KEY];

type Store = Pick<Storage, 'length' | 'key' | 'removeItem'>;

/** Removes every key of `store` but the device's own (the next shopper is still at that kiosk). */
export const wipeStorage = (store: Store | null): void => {
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null && !KEPT.includes(key)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
};

/**
 * The chats' socket opener, remembering what it opened so the reset can close each one: a client
 * disconnect ends the room on the server at once (it is not a recoverable drop), and a closed
 * socket object is dropped, so no later shopper resumes it.
 */
export const trackedSockets = (open: OpenChatSocket) => {
  const live = new Set<ChatSocket>();
  const tracked: OpenChatSocket = async (options) => {
    const socket = await open(options);
    live.add(socket);
    return socket;
  };
  return {
    open: tracked,
    closeAll: () => {
      for (const socket of live) {
        socket.off();
        socket.disconnect();
      }
      live.clear();
    },
    get count() {
      return live.size;
    },
  };
};
