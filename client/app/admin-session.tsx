import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { adminChatMachine } from '../../machines/chat/admin-chat.machine.ts';
import { adminSocketActor } from '../../machines/chat/admin-socket.actor.ts';
import type { OpenChatSocket } from '../../machines/chat/chat-socket.ts';
import { ChatSocketContext } from './chat-socket.ts';
import { devEventLog } from './event-log.ts';
import { useIsAdmin } from './hooks.ts';
import { playChatSound } from './play-chat-sound.ts';

/** The admin session's realtime actor: chat rooms, the unread dot, and 'newOrder' for analytics. */
export type AdminSessionActor = ActorRefFrom<typeof adminChatMachine>;

const AdminSessionContext = createContext<AdminSessionActor | null>(null);

export const adminSessionLogic = (open: OpenChatSocket) => adminChatMachine.provide({ actors: { socket: adminSocketActor({ open }) } });

/**
 * Gives the tree below one admin-session actor while the user is an admin, so the header's dot
 * hears customers on every page and the chats and analytics pages share its one socket. It
 * starts on login as an admin and stops on logout. Each provider owns its actor: no singleton.
 * (The actor is held in state because it exists only for admins, and the tree below must not
 * remount when the role changes; it is a handle, not flow state.)
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const isAdmin = useIsAdmin();
  const open = useContext(ChatSocketContext);
  const [session, setSession] = useState<AdminSessionActor | null>(null);
  useEffect(() => {
    if (!isAdmin) return undefined;
    const actor = createActor(adminSessionLogic(open), { inspect: devEventLog?.inspect('admin-chat') });
    const sound = actor.on('admin.sound', () => playChatSound());
    actor.start();
    setSession(actor);
    return () => {
      sound.unsubscribe();
      actor.stop();
      setSession(null);
    };
  }, [isAdmin, open]);
  return <AdminSessionContext.Provider value={session}>{children}</AdminSessionContext.Provider>;
}

/** The admin session's actor, or null outside an admin session (and on the very first render). */
export const useAdminSession = (): AdminSessionActor | null => useContext(AdminSessionContext);
