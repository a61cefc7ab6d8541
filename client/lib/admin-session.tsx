import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { adminChatMachine } from '#machines/chat/admin-chat.machine.ts';
import { ChatSocketContext } from './chat-socket.ts';
import { useIsAdmin } from './hooks.ts';

/** The admin session's realtime actor: chat rooms, the unread dot, and 'newOrder' for analytics. */
export type AdminSessionActor = ActorRefFrom<typeof adminChatMachine>;

const AdminSessionContext = createContext<AdminSessionActor | null>(null);

/**
 * Gives the tree below one admin-session actor while the user is an admin, so the header's dot
 * hears customers on every page and the chats and analytics pages share its one socket. It
 * starts on login as an admin and stops on logout. Each provider owns its actor: no singleton.
 * (The actor is held in state because it exists only for admins, and the tree below must not
 * remount when the role changes; it is a handle, not flow state.) Its machine is fetched with
 * import() on first use: a shopper's first load carries none of it.
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const isAdmin = useIsAdmin();
  const open = useContext(ChatSocketContext);
  const [session, setSession] = useState<AdminSessionActor | null>(null);
  useEffect(() => {
    if (!isAdmin) return undefined;
    let stop: (() => void) | null = null;
    let left = false;
    void import('./admin-session-actor.ts').then(({ startAdminSession }) => {
      if (left) return;
      const started = startAdminSession(open);
      stop = started.stop;
      setSession(started.actor);
    });
    return () => {
      left = true;
      stop?.();
      setSession(null);
    };
  }, [isAdmin, open]);
  return <AdminSessionContext.Provider value={session}>{children}</AdminSessionContext.Provider>;
}

/** The admin session's actor, or null outside an admin session (and until its code has loaded). */
export const useAdminSession = (): AdminSessionActor | null => useContext(AdminSessionContext);
