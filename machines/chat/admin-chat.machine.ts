import { assign, emit, sendTo, setup } from 'xstate';
import type { AdminMessageIn, ChatAdmin, ChatConversation, ChatRoom, NewOrderPayload } from '#contracts/chat.ts';
import type { SharedScreen } from '#contracts/shared-screen.ts';
import { missingCallback } from '../shared/actors.ts';
import { CHAT_SOCKET_OPTIONS, CHAT_SOUND, type ChatSocketOptions } from './customer-chat.machine.ts';

export type AdminChatContext = {
  rooms: ChatRoom[];
  messageReceived: boolean;
  /** Customer names the hub sent (a logged-in shopper or an identified partner visitor), by room. */
  names: Record<string, string>;
  /** Rooms whose panel the admin closed, with their message count then: hidden until the customer writes again. */
  closedAt: Record<string, number>;
  /** A refused reply, close or announcement to show the admin, as the hub words it. */
  notice: string | null;
  /** Who answered each conversation first and so holds it (decision 010), by room. */
  holders: Record<string, ChatAdmin>;
  /** This admin's user id, as the hub said when it listed the conversations. */
  me: string | null;
  /** Since when each customer waits for an answer (ISO time of their first unanswered message), by room. */
  waiting: Record<string, string>;
  /** What each sharing shopper's screen shows now, by room (decision 022); absent when not shared. */
  screens: Record<string, SharedScreen>;
};
export type AdminChatEvent =
  | { type: 'admin.send'; user: string; message: string }
  | { type: 'admin.closeChat'; user: string }
  | { type: 'admin.read' }
  | { type: 'admin.dismissNotice' }
  | { type: 'admin.connected' }
  | { type: 'admin.disconnected' }
  | { type: 'admin.clientMessage'; user: string; message: string; name?: string; waitingSince?: string }
  | { type: 'admin.clientDisconnected'; socketId: string }
  /** Every open conversation, as the hub lists them on each (re)connection: the page's rooms from now on. */
  | { type: 'admin.conversations'; you: string; conversations: ChatConversation[] }
  /** Another admin tab answered (a colleague, or this admin elsewhere). */
  | { type: 'admin.answered'; user: string; message: string; by: ChatAdmin }
  | { type: 'admin.notice'; message: string | null }
  /** 'newOrder' on the admin's one socket, passed on to whoever listens (the analytics page). */
  | { type: 'admin.newOrder'; order: NewOrderPayload }
  /** A shopper's shared screen, or null when they stopped sharing. */
  | { type: 'admin.screen'; user: string; screen: SharedScreen | null }
  /** The admin presses `Ask to see the screen`. */
  | { type: 'admin.askScreen'; user: string };
/** To the socket: 'admin sends message' {user, message}, 'admin closes chat' {roomId} and 'screen ask' {user}. */
export type AdminSocketCommand =
  ({ type: 'send' } & AdminMessageIn) | { type: 'close'; roomId: string } | { type: 'askScreen'; user: string };
export type AdminChatEmitted = { type: 'admin.sound'; file: typeof CHAT_SOUND } | { type: 'admin.newOrder'; order: NewOrderPayload };

/** Appends to the room of `user`, or opens it (spec section 4). */
export const appendToRoom = (rooms: ChatRoom[], user: string, message: ChatRoom['messages'][number]): ChatRoom[] =>
  rooms.some((r) => r.user === user)
    ? rooms.map((r) => (r.user === user ? { ...r, messages: [...r.messages, message] } : r))
    : [...rooms, { user, messages: [message] }];

/** The rooms the admin sees: a closed panel comes back when the customer writes again. */
export const visibleRooms = (context: AdminChatContext): ChatRoom[] =>
  context.rooms.filter((r) => r.messages.length > (context.closedAt[r.user] ?? -1));

const without = <T>(record: Record<string, T>, key: string): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([k]) => k !== key));

/** A colleague holds this room: this admin reads it but does not answer or close it. */
export const heldByOther = (context: Pick<AdminChatContext, 'holders' | 'me'>, user: string): ChatAdmin | undefined => {
  const holder = context.holders[user];
  return holder && holder.id !== context.me ? holder : undefined;
};

/** The hub's list as the page's rooms: spec section 3's messages, names and holders by room. */
const fromConversations = (conversations: ChatConversation[]) => ({
  rooms: conversations.map((c) => ({
    user: c.user,
    messages: c.messages.map((m) => (m.from === 'client' ? { client: m.text } : { admin: m.text })),
  })),
  names: Object.fromEntries(conversations.flatMap((c) => (c.name ? [[c.user, c.name]] : []))),
  holders: Object.fromEntries(conversations.flatMap((c) => (c.takenBy ? [[c.user, c.takenBy]] : []))),
  waiting: Object.fromEntries(conversations.flatMap((c) => (c.waitingSince ? [[c.user, c.waitingSince]] : []))),
  // Unread while some customer waits for an answer.
  messageReceived: conversations.some((c) => c.messages.at(-1)?.from === 'client'),
});

/**
 * The admin session's realtime actor: the chat rooms, keyed by each customer's conversation id
 * (their socket id for the spec's own client), and the one socket that also carries 'newOrder'
 * (re-emitted as `admin.newOrder`). Every admin tab shows every open conversation; one a
 * colleague answered first is theirs, shown but not answered here.
 */
export const adminChatMachine = setup({
  types: {
    context: {} as AdminChatContext,
    events: {} as AdminChatEvent,
    emitted: {} as AdminChatEmitted,
  },
  actors: {
    socket: missingCallback<AdminSocketCommand, { options: ChatSocketOptions }>(),
  },
  guards: {
    validReply: ({ context, event }) =>
      event.type === 'admin.send' &&
      event.message.trim().length > 0 &&
      context.rooms.some((r) => r.user === event.user) &&
      !heldByOther(context, event.user),
    hasRoom: ({ context, event }) =>
      event.type === 'admin.closeChat' && context.rooms.some((r) => r.user === event.user) && !heldByOther(context, event.user),
  },
}).createMachine({
  id: 'adminChat',
  context: { rooms: [], messageReceived: false, names: {}, closedAt: {}, notice: null, holders: {}, me: null, waiting: {}, screens: {} },
  // Websocket first: a closed admin tab then ends its socket at once. On long-polling the hub would
  // count a closed tab as an available admin until its ping timeout, handing it new customers.
  invoke: { id: 'socket', src: 'socket', input: { options: { ...CHAT_SOCKET_OPTIONS, transports: ['websocket', 'polling'] } } },
  initial: 'connecting',
  on: {
    'admin.clientMessage': {
      actions: [
        assign(({ context, event }) => ({
          rooms: appendToRoom(context.rooms, event.user, { client: event.message }),
          messageReceived: true,
          names: event.name ? { ...context.names, [event.user]: event.name } : context.names,
          waiting: event.waitingSince ? { ...context.waiting, [event.user]: event.waitingSince } : context.waiting,
        })),
        emit({ type: 'admin.sound' as const, file: CHAT_SOUND }),
      ],
    },
    'admin.send': {
      guard: 'validReply',
      actions: [
        assign(({ context, event }) => ({
          rooms: appendToRoom(context.rooms, event.user, { admin: event.message.trim() }),
          messageReceived: false,
          waiting: without(context.waiting, event.user),
        })),
        sendTo('socket', ({ event }): AdminSocketCommand => ({ type: 'send', user: event.user, message: event.message.trim() })),
      ],
    },
    'admin.clientDisconnected': {
      actions: assign(({ context, event }) => ({
        rooms: context.rooms.filter((r) => r.user !== event.socketId),
        names: without(context.names, event.socketId),
        closedAt: without(context.closedAt, event.socketId),
        holders: without(context.holders, event.socketId),
        waiting: without(context.waiting, event.socketId),
        screens: without(context.screens, event.socketId),
      })),
    },
    'admin.screen': {
      actions: assign(({ context, event }) => ({
        screens: event.screen ? { ...context.screens, [event.user]: event.screen } : without(context.screens, event.user),
      })),
    },
    'admin.askScreen': {
      guard: ({ context, event }) => context.rooms.some((r) => r.user === event.user) && !context.screens[event.user],
      actions: sendTo('socket', ({ event }): AdminSocketCommand => ({ type: 'askScreen', user: event.user })),
    },
    'admin.conversations': {
      actions: assign(({ event }) => ({ ...fromConversations(event.conversations), me: event.you, closedAt: {} })),
    },
    'admin.answered': {
      actions: assign(({ context, event }) => ({
        rooms: appendToRoom(context.rooms, event.user, { admin: event.message }),
        holders: { ...context.holders, [event.user]: event.by },
        waiting: without(context.waiting, event.user),
      })),
    },
    // Closing the toast hides it and tells the server; the room goes when the customer's socket leaves.
    'admin.closeChat': {
      guard: 'hasRoom',
      actions: [
        assign(({ context, event }) => ({
          closedAt: { ...context.closedAt, [event.user]: context.rooms.find((r) => r.user === event.user)?.messages.length ?? 0 },
        })),
        sendTo('socket', ({ event }): AdminSocketCommand => ({ type: 'close', roomId: event.user })),
      ],
    },
    'admin.read': { actions: assign({ messageReceived: false }) },
    'admin.notice': { actions: assign(({ event }) => ({ notice: event.message })) },
    'admin.dismissNotice': { actions: assign({ notice: null }) },
    'admin.newOrder': { actions: emit(({ event }) => ({ type: 'admin.newOrder' as const, order: event.order })) },
  },
  states: {
    connecting: { tags: ['connecting'], on: { 'admin.connected': 'online' } },
    online: { tags: ['online'], on: { 'admin.disconnected': 'connecting' } },
  },
});
