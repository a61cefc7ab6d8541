import { useSelector } from '@xstate/react';
import { Dot } from '../../ui/badge.tsx';
import { type AdminChatActor, useAdminChatActor } from './admin-chat-store.ts';

function LiveDot({ actor }: { actor: AdminChatActor }) {
  const unread = useSelector(actor, (s) => s.context.messageReceived);
  return unread ? <Dot label="Unread chat message" /> : null;
}

/**
 * Spec section 2: the red dot on the header's Admin link while a customer message is unread.
 * The header renders it for admins on every page, which keeps the admin's chat socket alive
 * app-wide (see admin-chat-store.ts).
 */
export function AdminUnreadDot() {
  const actor = useAdminChatActor();
  return actor ? <LiveDot actor={actor} /> : null;
}
