import { fromCallback } from 'xstate';
import {
  CHAT_EVENTS,
  SOCKET_EVENTS,
  type ChatAck,
  type ChatReplayAck,
  type ClientToAdminPayload,
  type DisconnectedPayload,
} from '../../../contracts/chat.ts';
import type { AdminChatEvent, AdminSocketCommand } from '../../../machines/chat/admin-chat.machine.ts';
import type { CHAT_SOCKET_OPTIONS } from '../../../machines/chat/customer-chat.machine.ts';
import { withChatSocket } from './chat-socket.ts';

export type AdminSocketDeps = {
  /** The customer's name when the hub knows it (a logged-in shopper or an identified visitor). */
  onName: (room: string, name: string) => void;
  /** A refused reply or close to show the admin; null once one succeeds. */
  onNotice: (message: string | null) => void;
};

const isClientPayload = (p: unknown): p is ClientToAdminPayload =>
  typeof p === 'object' && p !== null && typeof (p as ClientToAdminPayload).user === 'string' && typeof (p as ClientToAdminPayload).message === 'string';

/**
 * The admin chat machine's `socket` actor. Every (re)connection announces the admin
 * ('admin connected with server'). After a drop socket.io could not recover, each room asks
 * the hub for the messages after the last one seen, and ids already seen are skipped, so every
 * customer message arrives exactly once and in order.
 */
export const adminSocket = (deps: AdminSocketDeps) =>
  fromCallback<AdminSocketCommand, { options: typeof CHAT_SOCKET_OPTIONS }>(({ sendBack, receive }) => {
    const send = (event: AdminChatEvent) => sendBack(event);
    const lastSeen = new Map<string, number>();
    const adminId = `admin-${crypto.randomUUID()}`;
    const waiting: AdminSocketCommand[] = [];
    let run = (command: AdminSocketCommand) => void waiting.push(command);
    let connectedBefore = false;

    const deliver = (room: string, message: string, id: number | undefined) => {
      if (id !== undefined) {
        if (id <= (lastSeen.get(room) ?? 0)) return;
        lastSeen.set(room, id);
      }
      send({ type: 'admin.clientMessage', user: room, message });
    };
    const answered = (answer: ChatAck) => deps.onNotice(answer.ok ? null : answer.message);

    receive((command) => run(command));

    return withChatSocket(
      (socket) => {
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
            if (!answer.ok) {
              deps.onNotice(answer.message);
              return;
            }
            if (connectedBefore && !recovered) for (const room of [...lastSeen.keys()]) replay(room);
            connectedBefore = true;
            send({ type: 'admin.connected' });
          });
        });
        socket.on('disconnect', () => send({ type: 'admin.disconnected' }));
        socket.on(SOCKET_EVENTS.serverToAdmin, (payload: unknown) => {
          if (!isClientPayload(payload)) return;
          if (payload.name) deps.onName(payload.user, payload.name);
          deliver(payload.user, payload.message, payload.id);
        });
        socket.on(SOCKET_EVENTS.disconnected, (payload: DisconnectedPayload) => {
          lastSeen.delete(payload.socketId);
          send({ type: 'admin.clientDisconnected', socketId: payload.socketId });
        });
        run = (command) => {
          if (command.type === 'send') socket.emit(SOCKET_EVENTS.adminSendsMessage, { user: command.user, message: command.message }, answered);
          else socket.emit(SOCKET_EVENTS.adminClosesChat, { roomId: command.roomId }, answered);
        };
        for (const command of waiting.splice(0)) run(command);
      },
      (error) => {
        console.warn('Admin chat: the connection could not be opened', error);
        deps.onNotice('The chat server could not be reached. Reload the page to try again.');
      },
    );
  });
