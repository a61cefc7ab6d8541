import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { SharedScreen } from '#contracts/shared-screen.ts';
import type { CHAT_SOCKET_OPTIONS } from '#machines/chat/customer-chat.machine.ts';
import { adminChatMachine, type AdminSocketCommand } from '#machines/chat/admin-chat.machine.ts';
import { customerChatMachine, type CustomerChatContext, type CustomerSocketCommand } from '#machines/chat/customer-chat.machine.ts';
import { createControl } from '#machines/testing/controlled-actors.ts';
import type { E2eStep } from '#machines/testing/e2e-paths.ts';
import type { ModelSpec } from '#machines/testing/model.ts';
import type { Excluded } from './report.ts';

/** What the shopper types, and what the admin answers, in every run. */
export const SHOPPER_TEXT = 'hi';
export const ADMIN_TEXT = 'hello';

type Snap = AnyMachineSnapshot;
const connectionOf = (s: Snap) => {
  const v = s.value as { connection: string | { online: string } };
  return typeof v.connection === 'string' ? v.connection : v.connection.online;
};
export const isSettling = (s: Snap) => s.hasTag('connecting') || s.hasTag('sending');
/** The shared screen's consent: `off`, `asked` or `on` (decision 022). */
export const sharingOf = (s: Snap) => (s.value as { sharing: string }).sharing;
/** The admin has a room for the shopper's socket: the shopper wrote since it connected. */
export const hasRoom = (s: Snap) => (s.context as CustomerChatContext).messages.some((m) => 'client' in m) && !s.hasTag('adminClosed');
/** The page's screen as the machine passes it on; the browser step moves to another page instead. */
export const SCREEN_SAMPLE: SharedScreen = {
  path: '/cart',
  title: 'Cart',
  signedInAs: null,
  cart: [],
  step: 'Cart',
  error: null,
  events: [],
};

/**
 * The customer chat machine with the events a person in a browser can bring about while an
 * admin is online, in the order the browser produces them: a fresh socket connects before
 * anything else happens, the box clears before the next message and is there only while
 * the panel is open, and the admin only answers or closes a conversation the shopper started.
 * 'no admin here now' needs the admin away: the spec drives it in its own run, and socket drops
 * (offline) in another.
 */
export const customerE2eModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'customer chat (e2e)',
    machine: customerChatMachine.provide({
      actors: { socket: control.callback<CustomerSocketCommand, { options: typeof CHAT_SOCKET_OPTIONS }>() },
    }),
    control,
    events: (s: Snap): AnyEventObject[] => {
      if (s.hasTag('connecting')) return [{ type: 'chat.connected' }];
      // the box clears by itself (the bare timer event is added by the generator)
      if (s.hasTag('sending')) return [];
      const open = s.hasTag('panelOpen');
      const sharing = sharingOf(s);
      const admin: AnyEventObject[] = hasRoom(s)
        ? [
            { type: 'chat.adminMessage', text: ADMIN_TEXT },
            { type: 'chat.adminClosed' },
            // the admin asks on the shopper's card, which is there once they wrote
            ...(sharing === 'off' ? [{ type: 'chat.shareAsked' }] : []),
          ]
        : [];
      // the box and the share controls under it are only there while the panel is open
      const typing: AnyEventObject[] = open
        ? [{ type: 'chat.input', text: SHOPPER_TEXT }, { type: 'chat.input', text: '   ' }, { type: 'chat.submit' }]
        : [];
      const consent: AnyEventObject[] = [];
      // consent needs a socket to tell: none while the admin's close left the chat closed
      if (open && sharing === 'off' && s.matches({ connection: 'online' })) consent.push({ type: 'chat.share' });
      if (open && sharing === 'asked') consent.push({ type: 'chat.share' }, { type: 'chat.shareDeclined' });
      if (open && sharing === 'on') consent.push({ type: 'chat.stopSharing' });
      // the shopper moves to another page of the shop, with the panel open or not
      if (sharing === 'on') consent.push({ type: 'chat.screen', screen: SCREEN_SAMPLE });
      return [...typing, ...consent, { type: 'chat.hide' }, { type: 'chat.show' }, ...admin];
    },
    bound: (c: CustomerChatContext) => c.messages.length <= 3 && c.outbox.length <= 1 && c.notice === null,
    limit: 20_000,
  };
};

/** The admin session's machine, replayed beside the admin page from what the shopper's steps make the admin see and do. */
export const adminE2eModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'admin chat (e2e)',
    machine: adminChatMachine.provide({
      actors: { socket: control.callback<AdminSocketCommand, { options: typeof CHAT_SOCKET_OPTIONS }>() },
    }),
    control,
    events: [],
  };
};

/**
 * The kinds of step a person would call different: each transition of the customer machine,
 * whether a message was sent or refused (blank), and an admin answer seen with the panel open
 * or minimised (the red dot). Greedy path picking covers each kind once.
 */
export const chatStepKey = ({ event, before, after }: E2eStep): string => {
  const where = connectionOf(before);
  const sent = (after.context as CustomerChatContext).messages.length > (before.context as CustomerChatContext).messages.length;
  switch (event.type) {
    case 'chat.submit':
      return `submit in ${where}: ${sent ? 'sent' : 'not sent'}`;
    case 'chat.input':
      return `input ${(event.text as string).trim() ? 'text' : 'blank'}`;
    case 'chat.adminMessage':
      return `admin answers in ${where}, panel ${before.hasTag('panelOpen') ? 'open' : 'minimised'}`;
    // the shared screen's steps, and the admin's close, differ by where the consent stands
    case 'chat.share':
    case 'chat.shareAsked':
    case 'chat.shareDeclined':
    case 'chat.stopSharing':
    case 'chat.screen':
    case 'chat.adminClosed':
      return `${event.type} in ${where}, sharing ${sharingOf(before)}`;
    default:
      return `${event.type.split('.').slice(0, 2).join('.')} in ${where}`;
  }
};

/** Transitions a browser run of the shop cannot bring about, and why. */
export const CUSTOMER_EXCLUDED: Excluded[] = [
  {
    transition: 'customerChat --chat.read#0-->',
    reason: 'no screen of the shop sends it: opening or minimising the panel reads (chat.show/chat.hide)',
  },
  {
    transition: 'customerChat.connection.online --chat.reconnect#0-->',
    reason: "sent only by the partner widget when its visitor's identity changes (widgets/chat/mount.ts), not by the shop",
  },
  {
    transition: 'customerChat.composer.clearing --chat.input#0-->',
    reason:
      'typing inside the 200 ms the box takes to clear: a browser step cannot be placed in that window without racing it; customer-chat.machine.test.ts and widgets/chat/mount.test.ts type on through it',
  },
  {
    transition: 'customerChat.connection.online --chat.restored#0-->',
    reason:
      'a page opening again on a kept conversation; every page here is a new shopper, and conversations.spec.ts reloads a shopper in the browser',
  },
];
export const ADMIN_EXCLUDED: Excluded[] = [
  { transition: 'adminChat --admin.read#0-->', reason: 'no screen of the shop sends it: a reply clears the dot (admin.send)' },
  {
    transition: 'adminChat --admin.dismissNotice#0-->',
    reason:
      "needs the hub to refuse a reply or close (a room no longer this admin's, a session no longer admin) between render and click; admin-socket.actor.test.ts covers it",
  },
  {
    transition: 'adminChat --admin.answered#0-->',
    reason:
      "a colleague's answer needs a second admin account answering first; api/realtime/chat.test.ts and admin-chats-page.test.tsx cover it, and conversations.spec.ts shows one admin's reply in their second tab",
  },
  {
    transition: 'adminChat --admin.newOrder#0-->',
    reason:
      'a placed order, not a chat step, and nothing on the Chats page shows it: analytics-model.spec.ts drives live orders on the admin session in the browser',
  },
];
