import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { colors, media, space } from '../../ui/theme.ts';
import { heldByOther, visibleRooms } from '#machines/chat/admin-chat.machine.ts';
import { type AdminSessionActor, useAdminSession } from '../../lib/admin-session.tsx';
import { AdminRoomPanel } from './admin-room-panel.tsx';

const gridStyle = css({
  display: 'grid',
  gap: space(4),
  alignItems: 'start',
  [media.lg]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
});
const mutedStyle = css({ color: colors.muted });

function LiveChats({ actor }: { actor: AdminSessionActor }) {
  const shown = useSelector(actor, (s) => visibleRooms(s.context));
  const names = useSelector(actor, (s) => s.context.names);
  const holders = useSelector(actor, (s) => s.context.holders);
  const me = useSelector(actor, (s) => s.context.me);
  const notice = useSelector(actor, (s) => s.context.notice);
  const connecting = useSelector(actor, (s) => s.hasTag('connecting'));
  return (
    <>
      {notice ? (
        <Alert
          tone="danger"
          action={
            <Button variant="secondary" onClick={() => actor.send({ type: 'admin.dismissNotice' })}>
              Dismiss
            </Button>
          }
        >
          <p css={{ margin: 0 }}>{notice}</p>
        </Alert>
      ) : null}
      {connecting ? (
        <p role="status" css={mutedStyle}>
          Connecting to the chat server ...
        </p>
      ) : null}
      {!connecting && shown.length === 0 ? <p css={mutedStyle}>No customer is chatting right now. New conversations appear here.</p> : null}
      <div css={gridStyle}>
        {shown.map((room) => (
          <AdminRoomPanel
            key={room.user}
            room={room}
            name={names[room.user]}
            heldBy={heldByOther({ holders, me }, room.user)?.name}
            onReply={(message) => actor.send({ type: 'admin.send', user: room.user, message })}
            onClose={() => actor.send({ type: 'admin.closeChat', user: room.user })}
          />
        ))}
      </div>
    </>
  );
}

/** /admin/chats (guarded, admin): one panel per customer conversation (spec section 4). */
export function AdminChatsPage() {
  usePageTitle('Chats');
  const actor = useAdminSession();
  return (
    <section aria-labelledby="admin-chats-title">
      <h1 id="admin-chats-title">Chats</h1>
      {actor ? <LiveChats actor={actor} /> : <Skeleton height={120} />}
    </section>
  );
}
