import { useState } from 'react';
import { useUserInfo } from '../../app/hooks.ts';
import { Launcher } from './launcher.tsx';
import { SupportChatPanel } from './support-chat-panel.tsx';

/**
 * Spec section 2's support chat for non-admins (the layout shows it on every page). Nothing
 * connects and socket.io-client is not even loaded until the shopper first opens it.
 */
export function SupportChatWidget() {
  const [started, setStarted] = useState(false);
  // The hub settles who is chatting at the handshake: a login or logout starts a new chat.
  const who = useUserInfo()?._id ?? 'guest';
  if (!started) return <Launcher open={false} unread={false} onToggle={() => setStarted(true)} />;
  return <SupportChatPanel key={who} />;
}
