import { fromCallback } from 'xstate';
import {
  CHAT_EVENTS,
  SOCKET_EVENTS,
  type ChatAck,
  type ChatAnsweredPayload,
  type ChatConversationsAck,
  type ClientToAdminPayload,
  type DisconnectedPayload,
  type NewOrderPayload,
} from '../../contracts/chat.ts';
import type { AdminChatEvent, AdminSocketCommand } from './admin-chat.machine.ts';
import { chatOutbox, type ChatOutbox } from './chat-outbox.ts';
import { withSocket, type OpenChatSocket } from './chat-socket.ts';
import type { ChatSocketOptions } from './customer-chat.machine.ts';

export const ADMIN_CHAT_UNREACHABLE = 'The chat server could not be reached. Reload the page to try again.';

export type AdminSocketDeps = {
  /** Same origin: the BFF adds the admin's session, and the hub puts the socket in the newOrder room. */
  open: OpenChatSocket;
};

const isClientPayload = (p: unknown): p is ClientToAdminPayload =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as ClientToAdminPayload).user === 'string' &&
  typeof (p as ClientToAdminPayload).message === 'string';
const isAnswered = (p: unknown): p is ChatAnsweredPayload =>
  isClientPayload(p) && typeof (p as ChatAnsweredPayload).id === 'number' && typeof (p as ChatAnsweredPayload).by?.id === 'string';
const isNewOrder = (p: unknown): p is NewOrderPayload =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as NewOrderPayload).createdAt === 'string' &&
  typeof (p as NewOrderPayload).orderTotal?.cartSubtotal === 'number';

/**
 * The admin chat machine's `socket` actor: the admin session's one socket, for the chats and
 * for live orders. Every (re)connection announces the admin ('admin connected with server');
 * unless socket.io recovered the connection (then it redelivers what was missed), it asks the
 * hub for every open conversation ('chat conversations'), so a reloaded page, a second tab and
 * a socket back from a long drop all show what there is. Messages that arrive meanwhile wait
 * for the list, and ids already seen are skipped, so each arrives exactly once and in order.
 * The admin's answers go through an outbox (chat-outbox.ts) that sends each again after a drop
 * until the hub answers.
 */
export const adminSocketActor = (deps: AdminSocketDeps) =>
  fromCallback<AdminSocketCommand, { options: ChatSocketOptions }>(({ input, sendBack, receive }) => {
    const send = (event: AdminChatEvent) => sendBack(event);
    const notice = (message: string | null) => send({ type: 'admin.notice', message });
    /** Highest id seen per room, from customers and from other admins' answers. */
    const lastSeen = new Map<string, number>();
    const lastAnswered = new Map<string, number>();
    /** While the list is on its way, live events wait so the list does not overwrite them. */
    let held: Array<() => void> | null = null;
    const whenListed = (deliver: () => void) => (held ? held.push(deliver) : deliver());
    const adminId = `admin-${crypto.randomUUID()}`;
    const waiting: AdminSocketCommand[] = [];
    let run = (command: AdminSocketCommand) => void waiting.push(command);
    let outbox: ChatOutbox | undefined;

    const deliver = (room: string, message: string, id: number | undefined, name?: string) => {
      if (id !== undefined) {
        if (id <= (lastSeen.get(room) ?? 0)) return;
        lastSeen.set(room, id);
      }
      send({ type: 'admin.clientMessage', user: room, message, ...(name ? { name } : {}) });
    };
    const answered = (answer: ChatAck) => notice(answer.ok ? null : answer.message);

    receive((command) => run(command));

    const stop = withSocket(
      deps.open,
      input.options,
      (socket) => {
        const messages = (outbox = chatOutbox(socket));
        const list = () => {
          held ??= [];
          socket.emit(CHAT_EVENTS.conversations, {}, (answer: ChatConversationsAck) => {
            const waiting = held ?? [];
            held = null;
            if (!answer.ok) return notice(answer.message);
            lastSeen.clear();
            lastAnswered.clear();
            for (const c of answer.conversations) {
              const ids = (from: 'client' | 'admin') => c.messages.filter((m) => m.from === from).map((m) => m.id);
              lastSeen.set(c.user, Math.max(0, ...ids('client')));
              lastAnswered.set(c.user, Math.max(0, ...ids('admin')));
            }
            send({ type: 'admin.conversations', you: answer.you, conversations: answer.conversations });
            for (const deliverLater of waiting) deliverLater();
          });
        };
        socket.on('connect', () => {
          const recovered = socket.recovered;
          socket.emit(SOCKET_EVENTS.adminConnected, adminId, (answer: ChatAck) => {
            if (!answer.ok) return notice(answer.message);
            if (!recovered) list();
            send({ type: 'admin.connected' });
          });
          // After the announce (the hub handles a socket's events in order): what the drop left unanswered.
          messages.resume();
        });
        socket.on('disconnect', () => send({ type: 'admin.disconnected' }));
        socket.on(SOCKET_EVENTS.serverToAdmin, (payload: unknown) => {
          if (isClientPayload(payload)) whenListed(() => deliver(payload.user, payload.message, payload.id, payload.name));
        });
        socket.on(CHAT_EVENTS.answered, (payload: unknown) => {
          if (!isAnswered(payload)) return;
          whenListed(() => {
            if (payload.id <= (lastAnswered.get(payload.user) ?? 0)) return;
            lastAnswered.set(payload.user, payload.id);
            send({ type: 'admin.answered', user: payload.user, message: payload.message, by: payload.by });
          });
        });
        socket.on(SOCKET_EVENTS.disconnected, (payload: DisconnectedPayload) => {
          whenListed(() => {
            lastSeen.delete(payload.socketId);
            lastAnswered.delete(payload.socketId);
            send({ type: 'admin.clientDisconnected', socketId: payload.socketId });
          });
        });
        socket.on(SOCKET_EVENTS.newOrder, (order: unknown) => {
          if (isNewOrder(order)) send({ type: 'admin.newOrder', order });
        });
        run = (command) => {
          if (command.type === 'send')
            messages.send(SOCKET_EVENTS.adminSendsMessage, { user: command.user, message: command.message }, answered);
          else socket.emit(SOCKET_EVENTS.adminClosesChat, { roomId: command.roomId }, answered);
        };
        for (const command of waiting.splice(0)) run(command);
      },
      (error) => {
        console.warn('Admin chat: the connection could not be opened', error);
        notice(ADMIN_CHAT_UNREACHABLE);
      },
    );
    return () => {
      outbox?.stop();
      stop();
    };
  });
