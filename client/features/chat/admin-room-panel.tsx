import { css } from '@emotion/react';
import { Suspense, useState } from 'react';
import type { ChatRoom } from '#contracts/chat.ts';
import { dateTimeOf } from '../../lib/dates.ts';
import { Badge } from '../../ui/badge.tsx';
import { lazyNamed } from '../../lib/lazy.ts';
import { colors, radius, space } from '../../ui/theme.ts';
import { iconButton } from './chat-styles.ts';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import type { SharedScreen } from '#contracts/shared-screen.ts';
import { ShopperScreen } from './shopper-screen.tsx';

const toastStyle = css({
  display: 'flex',
  flexDirection: 'column',
  background: colors.background,
  border: `1px solid ${colors.border}`,
  borderLeft: `4px solid ${colors.primary}`,
  borderRadius: radius,
  boxShadow: '0 4px 16px rgba(0,0,0,0.12)',
  '&[data-unread="true"]': { borderLeftColor: colors.danger },
});
const headStyle = css({
  display: 'flex',
  alignItems: 'center',
  gap: space(2),
  padding: `${space(2)} ${space(3)}`,
  background: colors.navbar,
  color: colors.onNavbar,
  '& h2': { margin: 0, fontSize: '1rem', marginRight: 'auto' },
});

// Asked only when an admin closes a conversation: fetched then, not with every admin page.
const ConfirmDialog = lazyNamed(() => import('../../ui/confirm-dialog.tsx'), 'ConfirmDialog');
const waitingStyle = css({ margin: 0, padding: `${space(1)} ${space(3)}`, fontSize: '0.85rem', color: colors.muted });
const heldStyle = css({ margin: 0, padding: `${space(2)} ${space(3)}`, color: colors.muted, borderTop: `1px solid ${colors.border}` });

export type AdminRoomPanelProps = {
  room: ChatRoom;
  /** Who is writing, as the hub names them: the customer's name, or `Guest <number>`. */
  name: string | undefined;
  /** Since when the customer waits for an answer (ISO time of their first unanswered message). */
  waitingSince?: string | undefined;
  /** The colleague who answered first and holds this conversation: shown, not answered here. */
  heldBy: string | undefined;
  onReply: (message: string) => void;
  onClose: () => void;
  /** The shopper's shared screen, if they share it; `onAsk` asks them to. */
  screen?: SharedScreen | undefined;
  onAsk?: () => void;
};

/**
 * One customer's conversation as a toast-style panel: who is writing and since when they wait,
 * messages, unread flag, reply and close (asked first: a closed one moves to the history), or
 * who answers it.
 */
export function AdminRoomPanel({ room, name, waitingSince, heldBy, onReply, onClose, screen, onAsk }: AdminRoomPanelProps) {
  const [reply, setReply] = useState('');
  const [closing, setClosing] = useState(false);
  const who = name ?? 'a guest';
  // A room waits for an answer while its last message is the customer's.
  const unread = 'client' in (room.messages.at(-1) ?? {});
  const send = () => {
    if (!reply.trim()) return;
    onReply(reply);
    setReply('');
  };
  return (
    <section aria-label={`Chat with ${who}`} data-unread={unread} css={toastStyle}>
      <div css={headStyle}>
        <h2>Chat with {who}</h2>
        {unread ? <Badge label="Unread">new</Badge> : null}
        {heldBy ? null : (
          <button type="button" css={iconButton} aria-label={`Close chat with ${who}`} onClick={() => setClosing(true)}>
            ×
          </button>
        )}
      </div>
      {unread && waitingSince ? <p css={waitingStyle}>Waiting since {dateTimeOf(waitingSince)}</p> : null}
      <MessageList
        messages={room.messages}
        mine="admin"
        labels={{ client: 'Customer wrote:', admin: heldBy ? `${heldBy} wrote:` : 'You wrote:' }}
        label={`Messages with ${who}`}
        maxHeight={280}
      />
      {onAsk ? <ShopperScreen screen={screen} who={who} onAsk={onAsk} /> : null}
      {heldBy ? (
        <p css={heldStyle}>{heldBy} is answering this chat.</p>
      ) : (
        <Composer label={`Reply to ${who}`} value={reply} onChange={setReply} onSend={send} />
      )}
      {closing ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title="Close this conversation?"
            confirmLabel="Close"
            cancelLabel="Keep open"
            onConfirm={() => {
              setClosing(false);
              onClose();
            }}
            onCancel={() => setClosing(false)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
