import type { ChatMessage, ChatRoom } from '#contracts/chat.ts';
import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { formatUsd } from '../shared/money.ts';
import { adminChatMachine, heldByOther, visibleRooms, type AdminChatContext, type AdminSocketCommand } from './admin-chat.machine.ts';
import type { ChatSocketOptions } from './customer-chat.machine.ts';
import { customerChatMachine, type CustomerChatContext, type CustomerSocketCommand } from './customer-chat.machine.ts';

type CustomerEvent = ModelEvent<typeof customerChatMachine>;
type AdminEvent = ModelEvent<typeof adminChatMachine>;

const customerEvents: CustomerEvent[] = [
  { type: 'chat.input', text: 'hi' },
  { type: 'chat.input', text: '   ' },
  { type: 'chat.submit' },
  { type: 'chat.read' },
  { type: 'chat.connected' },
  { type: 'chat.disconnected' },
  { type: 'chat.adminMessage', text: 'hello' },
  { type: 'chat.noAdmin' },
  { type: 'chat.adminClosed' },
  { type: 'chat.notice', message: 'Too many messages' },
  { type: 'chat.reconnect' },
  { type: 'chat.show' },
  { type: 'chat.hide' },
];

const restored: CustomerEvent = { type: 'chat.restored', messages: [{ client: 'hi' }] };

const screen = { path: '/cart', title: 'Cart', signedInAs: null, cart: [], step: null, error: null, events: [] };
const sharingEvents: CustomerEvent[] = [
  { type: 'chat.share' },
  { type: 'chat.stopSharing' },
  { type: 'chat.shareAsked' },
  { type: 'chat.shareDeclined' },
  { type: 'chat.screen', screen },
];
/** While sharing or asked, what else can end it or must not: the socket coming and going, the admin's close. */
const besideSharing = new Set(['chat.connected', 'chat.disconnected', 'chat.adminClosed']);

const last = (m: ChatMessage[]) => m[m.length - 1];

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const conversation = (c: CustomerChatContext) =>
  `${count(c.messages.length, 'message')} shown${c.outbox.length ? `, ${c.outbox.length} waiting to be sent` : ''}${c.unread ? ', the unread dot on' : ''}${c.notice ? `, "${c.notice}" noticed` : ''}`;

/** The test plan's sentences (docs/machines/customer-chat.plan.md). */
const customerDescribe: ModelPlan<typeof customerChatMachine> = {
  states: {
    'connection.online.connecting': ({ context }) => `the chat is connecting with ${conversation(context)}`,
    'connection.online.chatting': ({ context }) => `the chat is online with ${conversation(context)}`,
    'connection.online.noAdmin': ({ context }) => `"no admin" is shown with ${conversation(context)}`,
    'connection.closed': 'the admin closed the chat',
    'composer.editing': ({ context }) => (context.draft ? `the box holds "${context.draft}"` : 'the box is empty'),
    'composer.clearing': 'the box is about to clear',
    'panel.shown': '',
    'sharing.off': '',
    'sharing.asked': 'support asks to see the screen',
    'sharing.on': 'the screen is shared',
    'panel.hidden': 'the panel is minimised',
  },
  events: {
    'chat.input': (e) => `the customer types "${e.text}"`,
    'chat.submit': 'the customer presses Send',
    'chat.read': 'the customer opens the chat',
    'chat.connected': 'the socket connects',
    'chat.disconnected': 'the socket disconnects',
    'chat.adminMessage': (e) => `the admin writes "${e.text}"`,
    'chat.restored': (e) => `the hub hands back ${count(e.messages.length, 'earlier message')}`,
    'chat.noAdmin': 'the server says no admin is online',
    'chat.adminClosed': 'the admin closes the chat',
    'xstate.after.inputClear': 'the clearing delay passes',
    'chat.notice': (e) => (e.message ? `the hub refuses with "${e.message}"` : 'the notice is cleared'),
    'chat.reconnect': 'the customer asks to reconnect',
    'chat.show': 'the customer opens the panel',
    'chat.hide': 'the customer minimises the panel',
    'chat.share': 'the customer shares their screen',
    'chat.stopSharing': 'the customer presses Stop sharing',
    'chat.shareAsked': 'support asks to see the screen',
    'chat.shareDeclined': 'the customer answers Not now',
    'chat.screen': (e) => `the page ${e.screen.path} changes`,
  },
};

export const customerChatModel = (): ModelSpec<typeof customerChatMachine> => {
  const control = createControl();
  return {
    name: 'customer chat',
    machine: customerChatMachine.provide({ actors: { socket: control.callback<CustomerSocketCommand, { options: ChatSocketOptions }>() } }),
    control,
    // The conversation so far comes back once, to a page that opens again: offered to an empty chat only.
    // Consent is its own region: offered to an empty chat, and while it is on only what can end
    // it is walked, so the walk grows by the sharing states, not by them times every other one.
    events: (s) => {
      if (!s.matches({ sharing: 'off' })) return [...customerEvents.filter((e) => besideSharing.has(e.type)), ...sharingEvents];
      const all = s.context.messages.length === 0 ? [...customerEvents, restored] : customerEvents;
      // Typing on while the box clears: walked from the first message sent while chatting, not beside every other state.
      const typingOn =
        !s.matches({ composer: 'clearing' }) ||
        (s.context.messages.length === 1 && s.context.outbox.length === 0 && s.matches({ connection: { online: 'chatting' } }));
      const base = typingOn ? all : all.filter((e) => e.type !== 'chat.input');
      const quiet =
        s.context.messages.length === 0 && s.context.draft === '' && s.context.outbox.length === 0 && s.matches({ panel: 'shown' });
      return quiet ? [...base, ...sharingEvents] : base;
    },
    // About 5,200 steps of the walk (1,082 states): the default 5,000 was nearly reached before typing on while the box clears.
    limit: 6_000,
    // A shown notice changes nothing else: reach it, but do not walk every path again beside it.
    bound: (c: CustomerChatContext) => c.messages.length <= 2 && c.outbox.length <= 1 && c.notice === null,
    check: (before, event, after) => {
      const prev = before.context;
      const next = after.context;
      if (event.type === 'chat.submit') {
        const blank = prev.draft.trim() === '';
        assertEqual(
          next.messages.length,
          prev.messages.length + (blank || before.hasTag('sending') ? 0 : 1),
          'whitespace-only messages are not sent',
        );
        if (!blank && !before.hasTag('sending')) assertEqual(last(next.messages), { client: prev.draft.trim() }, 'the sent text is shown');
        if (before.hasTag('adminClosed') && !blank && !before.hasTag('sending'))
          assertTrue(after.hasTag('connecting'), 'a message after the admin closed reconnects');
      }
      if (event.type === 'chat.input' && before.hasTag('sending'))
        assertEqual(next.draft, event.text, 'what is typed while the box clears is kept, not dropped');
      if (event.type === 'chat.adminMessage')
        assertTrue(next.unread && 'admin' in (last(next.messages) ?? {}), 'an admin message raises the dot');
      if (event.type === 'chat.adminClosed') assertEqual(next.messages, [], 'admin closed clears the conversation');
      if (event.type === 'chat.restored' && after.matches({ connection: 'online' }))
        assertEqual(next.messages, [...event.messages, ...prev.messages], 'the conversation so far comes before what was typed');
      if (event.type === 'chat.show' || event.type === 'chat.hide')
        assertTrue(!next.unread, 'opening or minimising the panel reads the messages');
      if (event.type === 'chat.show') assertTrue(after.hasTag('panelOpen'), 'the panel shows');
      if (event.type === 'chat.notice')
        assertEqual(next.notice, event.message, 'a refusal shows as the hub words it, and goes when cleared');
      if (after.hasTag('adminClosed')) assertTrue(!after.hasTag('online'), 'closed means no socket');
      if (after.hasTag('adminClosed')) assertTrue(!after.hasTag('sharing') && !after.hasTag('shareAsked'), 'closing stops sharing');
      if (event.type === 'chat.share' && before.matches({ connection: 'online' })) assertTrue(after.hasTag('sharing'), 'Share shares');
      if (event.type === 'chat.stopSharing' || event.type === 'chat.shareDeclined')
        assertTrue(!after.hasTag('sharing') && !after.hasTag('shareAsked'), 'Stop sharing and Not now leave nothing shared');
    },
    describe: customerDescribe,
  };
};

const adminEvents: AdminEvent[] = [
  { type: 'admin.connected' },
  { type: 'admin.disconnected' },
  { type: 'admin.clientMessage', user: 's1', message: 'hi' },
  { type: 'admin.clientMessage', user: 's2', message: 'yo', name: 'Ann' },
  { type: 'admin.send', user: 's1', message: 'hello' },
  { type: 'admin.send', user: 's1', message: ' ' },
  { type: 'admin.closeChat', user: 's1' },
  { type: 'admin.read' },
  { type: 'admin.clientDisconnected', socketId: 's1' },
  { type: 'admin.notice', message: 'refused' },
  { type: 'admin.dismissNotice' },
  { type: 'admin.newOrder', order: { _id: 'o1', createdAt: '2026-11-27T10:00:00Z', orderTotal: { cartSubtotal: 5 } } },
  {
    type: 'admin.conversations',
    you: 'me',
    conversations: [{ user: 's2', name: 'Ann', messages: [{ id: 1, from: 'client', text: 'yo' }] }],
  },
  { type: 'admin.answered', user: 's1', message: 'on it', by: { id: 'bob', name: 'Bob' } },
];
/** The shared screen, offered to a page with at most one room, so the walk grows by it, not times it. */
const screenEvents: AdminEvent[] = [
  { type: 'admin.screen', user: 's1', screen },
  { type: 'admin.screen', user: 's1', screen: null },
  { type: 'admin.askScreen', user: 's1' },
];

const room = (rooms: ChatRoom[], user: string) => rooms.find((r) => r.user === user);

const rooms = (c: AdminChatContext) => {
  const shown = visibleRooms(c);
  const list =
    shown.length === 0
      ? 'no chats shown'
      : shown.map((r) => `${c.names[r.user] ?? r.user} (${count(r.messages.length, 'message')})`).join(', ');
  return list + (c.messageReceived ? ', unread' : '') + (c.notice ? `, "${c.notice}" noticed` : '');
};

/** The test plan's sentences (docs/machines/admin-chat.plan.md). */
const adminDescribe: ModelPlan<typeof adminChatMachine> = {
  states: {
    connecting: ({ context }) => `the admin's chat is connecting with ${rooms(context)}`,
    online: ({ context }) => `the admin's chat is online with ${rooms(context)}`,
  },
  events: {
    'admin.connected': 'the socket connects',
    'admin.disconnected': 'the socket disconnects',
    'admin.clientMessage': (e) => `customer ${e.user} writes "${e.message}"`,
    'admin.send': (e) => `the admin replies "${e.message}" to ${e.user}`,
    'admin.closeChat': (e) => `the admin closes the chat with ${e.user}`,
    'admin.read': 'the admin reads the chats',
    'admin.clientDisconnected': (e) => `customer ${e.socketId} leaves`,
    'admin.notice': (e) => (e.message ? `the hub refuses with "${e.message}"` : 'the notice is cleared'),
    'admin.dismissNotice': 'the admin dismisses the notice',
    'admin.newOrder': (e) => `a new order of ${formatUsd(e.order.orderTotal.cartSubtotal)} arrives on the socket`,
    'admin.conversations': (e) => `the hub lists ${count(e.conversations.length, 'open conversation')}`,
    'admin.answered': (e) => `${e.by.name} answers ${e.user} "${e.message}"`,
    'admin.screen': (e) => (e.screen ? `${e.user} shares their screen at ${e.screen.path}` : `${e.user} stops sharing`),
    'admin.askScreen': (e) => `the admin asks ${e.user} to see the screen`,
  },
};

export const adminChatModel = (): ModelSpec<typeof adminChatMachine> => {
  const control = createControl();
  return {
    name: 'admin chat',
    machine: adminChatMachine.provide({ actors: { socket: control.callback<AdminSocketCommand, { options: ChatSocketOptions }>() } }),
    control,
    events: (s) => {
      const c = s.context;
      // While a screen shows, only what ends it or asks again is walked.
      if (Object.keys(c.screens).length > 0) return [...adminEvents.filter((e) => e.type === 'admin.clientDisconnected'), ...screenEvents];
      // One customer's first message on a page online and otherwise untouched: where sharing begins.
      const quiet =
        s.matches('online') &&
        c.rooms.length === 1 &&
        c.rooms[0]!.user === 's1' &&
        c.rooms[0]!.messages.length === 1 &&
        c.me === null &&
        c.notice === null &&
        [c.holders, c.closedAt, c.names, c.waiting].every((r) => Object.keys(r).length === 0);
      return quiet ? [...adminEvents, ...screenEvents] : adminEvents;
    },
    // A shown notice changes nothing else: reach it, but do not walk every path again beside it.
    bound: (c: AdminChatContext) => c.rooms.every((r) => r.messages.length <= 2) && c.notice === null,
    check: (before, event, after) => {
      const prev = before.context;
      const next = after.context;
      assertEqual(new Set(next.rooms.map((r) => r.user)).size, next.rooms.length, 'one room per customer socket');
      if (event.type === 'admin.clientMessage') {
        const { user } = event;
        assertEqual(
          room(next.rooms, user)?.messages.length,
          (room(prev.rooms, user)?.messages.length ?? 0) + 1,
          'incoming message appends or creates the room',
        );
        assertTrue(next.messageReceived, 'incoming message sets unread');
      }
      if (event.type === 'admin.send' && room(prev.rooms, event.user) && event.message.trim() && !heldByOther(prev, event.user))
        assertTrue(!next.messageReceived, 'a reply clears unread');
      if (event.type === 'admin.clientDisconnected') assertTrue(!room(next.rooms, event.socketId), 'disconnect removes the room');
      if (event.type === 'admin.clientDisconnected') assertTrue(!next.screens[event.socketId], 'a customer who left shows no screen');
      if (event.type === 'admin.screen')
        assertEqual(next.screens[event.user] ?? null, event.screen, 'the panel shows the newest screen, or none');
      if (event.type === 'admin.closeChat' && room(prev.rooms, event.user))
        assertTrue(
          !room(visibleRooms(next), event.user) || !!heldByOther(prev, event.user),
          'closing a toast hides it (unless a colleague holds it: then there is nothing to close)',
        );
      if (event.type === 'admin.clientMessage')
        assertTrue(!!room(visibleRooms(next), event.user), 'a customer writing shows their room again');
      if (event.type === 'admin.dismissNotice') assertEqual(next.notice, null, 'dismissing clears the notice');
      if (event.type === 'admin.conversations')
        assertEqual(
          next.rooms.map((r) => r.user),
          event.conversations.map((c) => c.user),
          "the hub's list is the page's rooms",
        );
      if (event.type === 'admin.send' && heldByOther(prev, event.user))
        assertEqual(next.rooms, prev.rooms, 'a conversation a colleague holds is not answered here');
      if (event.type === 'admin.answered')
        assertEqual(heldByOther(next, event.user)?.id, 'bob', "a colleague's answer shows who holds the conversation");
    },
    describe: adminDescribe,
  };
};
