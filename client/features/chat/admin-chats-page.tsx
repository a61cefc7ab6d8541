import { css } from '@emotion/react';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { colors, media, space } from '../../ui/theme.ts';
import { heldByOther, visibleRooms } from '#machines/chat/admin-chat.machine.ts';
import { type AdminSessionActor, useAdminSession } from '../../lib/admin-session.tsx';
import { useLocation } from 'react-router-dom';
import { Link } from '../../ui/link.tsx';
import { lazyNamed } from '../../lib/lazy.ts';
import { AdminRoomPanel } from './admin-room-panel.tsx';

const gridStyle = css({
  display: 'grid',
  gap: space(4),
  alignItems: 'start',
  [media.lg]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
});
const mutedStyle = css({ color: colors.muted });
// The history is its own chunk: the live chats' chunk stays what the layout loads with the dot.
const AdminChatHistory = lazyNamed(() => import('./admin-chat-history.tsx'), 'AdminChatHistory');
const viewsStyle = css({
  display: 'flex',
  gap: space(4),
  marginBottom: space(4),
  '& a': { padding: `${space(1)} 0`, borderBottom: '2px solid transparent' },
  '& a[aria-current="page"]': { borderBottomColor: colors.primary, fontWeight: 600 },
});

function LiveChats({ actor }: { actor: AdminSessionActor }) {
  const shown = useSelector(actor, (s) => visibleRooms(s.context));
  const names = useSelector(actor, (s) => s.context.names);
  const holders = useSelector(actor, (s) => s.context.holders);
  const waiting = useSelector(actor, (s) => s.context.waiting);
  const screens = useSelector(actor, (s) => s.context.screens);
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
            waitingSince={waiting[room.user]}
            onReply={(message) => actor.send({ type: 'admin.send', user: room.user, message })}
            onClose={() => actor.send({ type: 'admin.closeChat', user: room.user })}
            screen={screens[room.user]}
            onAsk={() => actor.send({ type: 'admin.askScreen', user: room.user })}
          />
        ))}
      </div>
    </>
  );
}

/**
 * /admin/chats (guarded, admin): one panel per open customer conversation (spec section 4), or
 * with `?view=history` the closed ones (decision 018).
 */
export function AdminChatsPage() {
  usePageTitle('Chats');
  const actor = useAdminSession();
  const { pathname, search } = useLocation();
  const history = new URLSearchParams(search).get('view') === 'history';
  return (
    <section aria-labelledby="admin-chats-title">
      <h1 id="admin-chats-title">Chats</h1>
      <nav aria-label="Chat views" css={viewsStyle}>
        <Link to={pathname} aria-current={history ? undefined : 'page'}>
          Live
        </Link>
        <Link to={`${pathname}?view=history`} aria-current={history ? 'page' : undefined}>
          History
        </Link>
      </nav>
      {history ? (
        <Suspense fallback={<Skeleton height={120} />}>
          <AdminChatHistory />
        </Suspense>
      ) : actor ? (
        <LiveChats actor={actor} />
      ) : (
        <Skeleton height={120} />
      )}
    </section>
  );
}
