import { useEffect, useState, useSyncExternalStore } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { adminChatMachine } from '../../../machines/chat/admin-chat.machine.ts';
import { adminSocket } from './admin-socket.ts';
import { playChatSound } from './play-sound.ts';

export type AdminChatActor = ActorRefFrom<typeof adminChatMachine>;

/** What the admin's screens show beside the machine's rooms. */
export type AdminChatExtras = {
  /** Customer names the hub sent, by room. */
  names: ReadonlyMap<string, string>;
  /** Rooms whose panel the admin closed, with the message count at that moment. */
  closedAt: ReadonlyMap<string, number>;
  notice: string | null;
};

let extras: AdminChatExtras = { names: new Map(), closedAt: new Map(), notice: null };
const listeners = new Set<() => void>();
const update = (change: Partial<AdminChatExtras>) => {
  extras = { ...extras, ...change };
  for (const listener of listeners) listener();
};

let actor: AdminChatActor | null = null;
let users = 0;
let stopTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * One admin chat actor for the whole app, so the header's dot hears messages on every admin
 * page. Started by its first user; stopped when the last one leaves (logout, or no longer an
 * admin), a tick later so a remount (React's strict mode) keeps the same socket.
 */
export const acquireAdminChat = (): AdminChatActor => {
  users += 1;
  clearTimeout(stopTimer);
  if (!actor) {
    const logic = adminChatMachine.provide({
      actors: {
        socket: adminSocket({
          onName: (room, name) => update({ names: new Map(extras.names).set(room, name) }),
          onNotice: (notice) => update({ notice }),
        }),
      },
    });
    actor = createActor(logic);
    actor.on('admin.sound', () => playChatSound());
    actor.start();
  }
  return actor;
};

export const releaseAdminChat = (): void => {
  users -= 1;
  if (users > 0) return;
  stopTimer = setTimeout(() => {
    actor?.stop();
    actor = null;
    update({ names: new Map(), closedAt: new Map(), notice: null });
  }, 0);
};

/** The app's admin chat actor while the calling component is mounted (null on the first render). */
export function useAdminChatActor(): AdminChatActor | null {
  const [current, setCurrent] = useState<AdminChatActor | null>(null);
  useEffect(() => {
    setCurrent(acquireAdminChat());
    return releaseAdminChat;
  }, []);
  return current;
}

/** The admin closed a room's panel: hidden until the customer writes again. */
export const hideRoom = (room: string, messageCount: number): void => update({ closedAt: new Map(extras.closedAt).set(room, messageCount) });

export const dismissNotice = (): void => update({ notice: null });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const useAdminChatExtras = (): AdminChatExtras => useSyncExternalStore(subscribe, () => extras);
