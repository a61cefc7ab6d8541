import { useSelector } from '@xstate/react';
import { type AdminSessionActor, useAdminSession } from '../../lib/admin-session.tsx';
import { Dot } from '../../ui/badge.tsx';

function LiveDot({ session }: { session: AdminSessionActor }) {
  const unread = useSelector(session, (s) => s.context.messageReceived);
  return unread ? <Dot label="Unread chat message" /> : null;
}

/**
 * Spec section 2: the red dot on the header's Admin link while a customer message is unread.
 * It reads the admin session the layout provides, which hears customers on every page.
 */
export function AdminUnreadDot() {
  const session = useAdminSession();
  return session ? <LiveDot session={session} /> : null;
}
