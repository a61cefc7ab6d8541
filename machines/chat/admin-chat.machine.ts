import { assign, emit, sendTo, setup } from 'xstate';
import type { AdminMessageIn, ChatRoom } from '../../contracts/chat.ts';
import { missingCallback } from '../shared/actors.ts';
import { CHAT_SOCKET_OPTIONS, CHAT_SOUND } from './customer-chat.machine.ts';

export type AdminChatContext = { rooms: ChatRoom[]; messageReceived: boolean };
export type AdminChatEvent =
  | { type: 'admin.send'; user: string; message: string }
  | { type: 'admin.closeChat'; user: string }
  | { type: 'admin.read' }
  | { type: 'admin.connected' }
  | { type: 'admin.disconnected' }
  | { type: 'admin.clientMessage'; user: string; message: string }
  | { type: 'admin.clientDisconnected'; socketId: string };
/** To the socket: 'admin sends message' {user, message} and 'admin closes chat' {roomId}. */
export type AdminSocketCommand = ({ type: 'send' } & AdminMessageIn) | { type: 'close'; roomId: string };
export type AdminChatEmitted = { type: 'admin.sound'; file: typeof CHAT_SOUND };

/** Appends to the room of `user`, or opens it (spec section 4). */
export const appendToRoom = (rooms: ChatRoom[], user: string, message: ChatRoom['messages'][number]): ChatRoom[] =>
  rooms.some((r) => r.user === user)
    ? rooms.map((r) => (r.user === user ? { ...r, messages: [...r.messages, message] } : r))
    : [...rooms, { user, messages: [message] }];

/** The admin's chat rooms, keyed by each customer's socket id. */
export const adminChatMachine = setup({
  types: {
    context: {} as AdminChatContext,
    events: {} as AdminChatEvent,
    emitted: {} as AdminChatEmitted,
  },
  actors: {
    socket: missingCallback<AdminSocketCommand, { options: typeof CHAT_SOCKET_OPTIONS }>(),
  },
  guards: {
    validReply: ({ context, event }) =>
      event.type === 'admin.send' && event.message.trim().length > 0 && context.rooms.some((r) => r.user === event.user),
    hasRoom: ({ context, event }) => event.type === 'admin.closeChat' && context.rooms.some((r) => r.user === event.user),
  },
}).createMachine({
  id: 'adminChat',
  context: { rooms: [], messageReceived: false },
  invoke: { id: 'socket', src: 'socket', input: { options: CHAT_SOCKET_OPTIONS } },
  initial: 'connecting',
  on: {
    'admin.clientMessage': {
      actions: [
        assign(({ context, event }) => ({ rooms: appendToRoom(context.rooms, event.user, { client: event.message }), messageReceived: true })),
        emit({ type: 'admin.sound' as const, file: CHAT_SOUND }),
      ],
    },
    'admin.send': {
      guard: 'validReply',
      actions: [
        assign(({ context, event }) => ({ rooms: appendToRoom(context.rooms, event.user, { admin: event.message.trim() }), messageReceived: false })),
        sendTo('socket', ({ event }): AdminSocketCommand => ({ type: 'send', user: event.user, message: event.message.trim() })),
      ],
    },
    'admin.clientDisconnected': { actions: assign(({ context, event }) => ({ rooms: context.rooms.filter((r) => r.user !== event.socketId) })) },
    // Closing the toast tells the server; the room goes when the customer's socket leaves.
    'admin.closeChat': { guard: 'hasRoom', actions: sendTo('socket', ({ event }): AdminSocketCommand => ({ type: 'close', roomId: event.user })) },
    'admin.read': { actions: assign({ messageReceived: false }) },
  },
  states: {
    connecting: { tags: ['connecting'], on: { 'admin.connected': 'online' } },
    online: { tags: ['online'], on: { 'admin.disconnected': 'connecting' } },
  },
});
