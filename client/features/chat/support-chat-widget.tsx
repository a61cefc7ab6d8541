import { Suspense, useEffect, useState } from 'react';
import { CHAT_OPEN_HASH } from '#contracts/chat-link.ts';
import { useUserInfo } from '../../lib/hooks.ts';
import { useStaffCall } from '../../lib/staff-call.ts';
import { lazyNamed } from '../../lib/lazy.ts';
import { Launcher } from './launcher.tsx';

// The panel, its machine and its styles are a chunk of their own, fetched on the first open:
// the launcher alone is on every page's first load.
const SupportChatPanel = lazyNamed(() => import('./support-chat-panel.tsx'), 'SupportChatPanel');
const ignore = () => undefined;

/**
 * Spec section 2's support chat for non-admins (the layout shows it on every page). Nothing
 * connects and socket.io-client is not even loaded until the shopper first opens it, or arrives
 * by a link that asks for it (`/#support-chat`, the reply mail's link back to the conversation).
 */
export function SupportChatWidget() {
  const [started, setStarted] = useState(() => window.location.hash === CHAT_OPEN_HASH);
  // The hub settles who is chatting at the handshake: a login or logout starts a new chat.
  const who = useUserInfo()?._id ?? 'guest';
  // The kiosk's Call staff opens the chat as the launcher would.
  const called = useStaffCall().waiting;
  useEffect(() => {
    if (called) setStarted(true);
  }, [called]);
  if (!started) return <Launcher open={false} unread={false} onToggle={() => setStarted(true)} />;
  return (
    // While the panel's code arrives the launcher stays where it was.
    <Suspense fallback={<Launcher open={false} unread={false} onToggle={ignore} />}>
      <SupportChatPanel key={who} />
    </Suspense>
  );
}
