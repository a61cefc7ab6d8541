import { fromCallback } from 'xstate';
import {
  CHAT_EVENTS,
  SOCKET_EVENTS,
  type ChatAck,
  type ChatReplayAck,
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
const isNewOrder = (p: unknown): p is NewOrderPayload =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as NewOrderPayload).createdAt === 'string' &&
  typeof (p as NewOrderPayload).orderTotal?.cartSubtotal === 'number';

/**
 * The admin chat machine's `socket` actor: the admin session's one socket, for the chats and
 * for live orders. Every (re)connection announces the admin ('admin connected with server').
 * After a drop socket.io could not recover, each room asks the hub for the messages after the
 * last one seen, and ids already seen are skipped, so every customer message arrives exactly
 * once and in order. The admin's answers go through an outbox (chat-outbox.ts) that sends each
 * again after a drop until the hub answers.
 */
export const adminSocketActor = (deps: AdminSocketDeps) =>
  fromCallback<AdminSocketCommand, { options: ChatSocketOptions }>(({ input, sendBack, receive }) => {
    const send = (event: AdminChatEvent) => sendBack(event);
    const notice = (message: string | null) => send({ type: 'admin.notice', message });
    const lastSeen = new Map<string, number>();
    const adminId = `admin-${crypto.randomUUID()}`;
    const waiting: AdminSocketCommand[] = [];
    let run = (command: AdminSocketCommand) => void waiting.push(command);
    let connectedBefore = false;
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
        const replay = (room: string) =>
          socket.emit(CHAT_EVENTS.replay, { after: lastSeen.get(room) ?? 0, room }, (answer: ChatReplayAck) => {
            if (answer.ok) {
              for (const m of answer.messages) if (m.from === 'client') deliver(room, m.text, m.id);
            } else if (answer.code === 'no conversation') {
              // No longer this admin's conversation (the customer left meanwhile): drop its panel.
              lastSeen.delete(room);
              send({ type: 'admin.clientDisconnected', socketId: room });
            }
          });
        socket.on('connect', () => {
          const recovered = socket.recovered;
          socket.emit(SOCKET_EVENTS.adminConnected, adminId, (answer: ChatAck) => {
            if (!answer.ok) return notice(answer.message);
            if (connectedBefore && !recovered) for (const room of [...lastSeen.keys()]) replay(room);
            connectedBefore = true;
            send({ type: 'admin.connected' });
          });
          // After the announce (the hub handles a socket's events in order): what the drop left unanswered.
          messages.resume();
        });
        socket.on('disconnect', () => send({ type: 'admin.disconnected' }));
        socket.on(SOCKET_EVENTS.serverToAdmin, (payload: unknown) => {
          if (isClientPayload(payload)) deliver(payload.user, payload.message, payload.id, payload.name);
        });
        socket.on(SOCKET_EVENTS.disconnected, (payload: DisconnectedPayload) => {
          lastSeen.delete(payload.socketId);
          send({ type: 'admin.clientDisconnected', socketId: payload.socketId });
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
