import { css } from '@emotion/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { SharedScreen } from '#contracts/shared-screen.ts';
import { CHAT_TEXTS } from '#contracts/chat.ts';
import { customerChatMachine } from '#machines/chat/customer-chat.machine.ts';
import { customerSocketActor } from '#machines/chat/customer-socket.actor.ts';
import { ChatSocketContext } from '../../lib/chat-socket.ts';
import { devEventLog } from '../../lib/event-log.ts';
import { playChatSound } from '../../lib/play-chat-sound.ts';
import { screenShared, takeStaffCall, useStaffCall } from '../../lib/staff-call.ts';
import { Alert } from '../../ui/alert.tsx';
import { colors, media, radius, space } from '../../ui/theme.ts';
import { iconButton, statusLine } from './chat-styles.ts';
import { Composer } from './composer.tsx';
import { EarlierConversations } from './earlier-conversations.tsx';
import { MessageList } from './message-list.tsx';
import { ShareScreenControls } from './share-screen-controls.tsx';
import { useSharedScreen } from './shared-screen.ts';
import { LAUNCHER_ID, Launcher, PANEL_ID } from './launcher.tsx';

const panelStyle = css({
  position: 'fixed',
  zIndex: 1050,
  right: space(3),
  left: space(3),
  bottom: `calc(56px + ${space(6)})`,
  display: 'flex',
  flexDirection: 'column',
  maxHeight: 'calc(100vh - 120px)',
  background: colors.background,
  color: colors.text,
  border: `1px solid ${colors.border}`,
  borderRadius: radius,
  boxShadow: '0 8px 24px rgba(0,0,0,0.25)',
  [media.lg]: { left: 'auto', width: 360 },
  '& .alert-slot > div': { margin: `${space(2)} ${space(3)} 0` },
  // display: flex above would otherwise beat the hidden attribute.
  '&[hidden]': { display: 'none' },
});
const headStyle = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `${space(2)} ${space(3)}`,
  background: colors.navbar,
  color: colors.onNavbar,
  borderRadius: `${radius} ${radius} 0 0`,
  '& h2': { margin: 0, fontSize: '1.1rem' },
});

/**
 * The chat once opened: the customer chat machine with its socket, and the panel it drives.
 * Mounted afresh for each person (a login or logout), so each opens its own conversation.
 */
export function SupportChatPanel() {
  const openSocket = useContext(ChatSocketContext);
  const logic = useMemo(
    () =>
      customerChatMachine.provide({
        // The hub keeps the conversation by the session or the guest chat cookie (decision 013).
        actors: { socket: customerSocketActor({ open: openSocket, keep: true }) },
      }),
    [openSocket],
  );
  const actor = useActorRef(logic, { inspect: devEventLog?.inspect('customer-chat') });
  const messages = useSelector(actor, (s) => s.context.messages);
  const draft = useSelector(actor, (s) => s.context.draft);
  const unread = useSelector(actor, (s) => s.context.unread);
  const notice = useSelector(actor, (s) => s.context.notice);
  const open = useSelector(actor, (s) => s.hasTag('panelOpen'));
  const noAdmin = useSelector(actor, (s) => s.hasTag('noAdmin'));
  const closed = useSelector(actor, (s) => s.hasTag('adminClosed'));
  const connecting = useSelector(actor, (s) => s.hasTag('connecting'));
  const sending = useSelector(actor, (s) => s.hasTag('sending'));
  const sharing = useSelector(actor, (s) => s.hasTag('sharing'));
  const shareAsked = useSelector(actor, (s) => s.hasTag('shareAsked'));
  const sendScreen = useCallback((screen: SharedScreen) => actor.send({ type: 'chat.screen', screen }), [actor]);
  useSharedScreen(sharing, sendScreen);
  // The kiosk's Call staff: the panel opens with sharing offered first, and the bar hears whether it is on.
  const called = useStaffCall().waiting;
  const [offerFirst, setOfferFirst] = useState(false);
  useEffect(() => {
    if (!called) return;
    takeStaffCall();
    setOfferFirst(true);
    actor.send({ type: 'chat.show' });
  }, [called, actor]);
  useEffect(() => screenShared(sharing), [sharing]);
  useEffect(() => () => screenShared(false), []);

  useEffect(() => {
    // Spec section 4: a new admin message plays chat-msg.mp3, when the shopper is not looking at it.
    const sub = actor.on('chat.sound', () => {
      if (!actor.getSnapshot().hasTag('panelOpen') || document.visibilityState === 'hidden') playChatSound();
    });
    return () => sub.unsubscribe();
  }, [actor]);
  const shareControls = (
    <ShareScreenControls
      sharing={sharing}
      asked={shareAsked}
      onShare={() => actor.send({ type: 'chat.share' })}
      onStop={() => actor.send({ type: 'chat.stopSharing' })}
      onDecline={() => actor.send({ type: 'chat.shareDeclined' })}
      focusOffer={offerFirst}
    />
  );
  /** Minimising hands the focus back to the launcher, so a keyboard user is not left nowhere. */
  const minimise = () => {
    actor.send({ type: 'chat.hide' });
    document.getElementById(LAUNCHER_ID)?.focus();
  };

  return (
    <>
      <Launcher open={open} unread={unread && !open} onToggle={() => actor.send({ type: open ? 'chat.hide' : 'chat.show' })} />
      <section
        id={PANEL_ID}
        aria-labelledby={`${PANEL_ID}-title`}
        hidden={!open}
        css={panelStyle}
        onKeyDown={(e) => {
          if (e.key === 'Escape') minimise();
        }}
      >
        <div css={headStyle}>
          <h2 id={`${PANEL_ID}-title`}>{CHAT_TEXTS.title}</h2>
          <button type="button" css={iconButton} aria-label="Minimise support chat" onClick={minimise}>
            ×
          </button>
        </div>
        {open && offerFirst ? shareControls : null}
        {connecting && messages.length > 0 ? (
          <p role="status" css={statusLine}>
            Connecting ...
          </p>
        ) : null}
        <EarlierConversations open={open} />
        {messages.length === 0 && !closed ? <p css={statusLine}>Ask us anything: type below and press Enter or Submit.</p> : null}
        <MessageList
          messages={messages}
          mine="client"
          labels={{ client: CHAT_TEXTS.you, admin: CHAT_TEXTS.support }}
          label="Conversation with support"
        />
        <div className="alert-slot">
          {noAdmin ? <Alert tone="warning">{CHAT_TEXTS.noAdmin}</Alert> : null}
          {noAdmin ? <p css={statusLine}>{CHAT_TEXTS.keptForLater}</p> : null}
          {closed ? <Alert tone="info">{CHAT_TEXTS.adminClosed}</Alert> : null}
          {notice ? <Alert tone="danger">{notice}</Alert> : null}
        </div>
        {open ? (
          <Composer
            label="Your message"
            value={draft}
            readOnly={sending}
            // After Call staff the offer has the focus: a focused field opens the kiosk's keyboard over it.
            autoFocus={!offerFirst}
            onChange={(text) => actor.send({ type: 'chat.input', text })}
            onSend={() => actor.send({ type: 'chat.submit' })}
          />
        ) : null}
        {open && !offerFirst ? shareControls : null}
      </section>
    </>
  );
}
