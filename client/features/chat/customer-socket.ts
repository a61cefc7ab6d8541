import { fromCallback } from 'xstate';
import { SOCKET_EVENTS, type ChatAck } from '../../../contracts/chat.ts';
import type { CHAT_SOCKET_OPTIONS, CustomerChatEvent, CustomerSocketCommand } from '../../../machines/chat/customer-chat.machine.ts';
import { withChatSocket } from './chat-socket.ts';

/** A refused message (too long, too fast, chat unavailable) to show the shopper; null clears it. */
export type NoticeSink = (message: string | null) => void;

/** The hub's flood refusals say "try again in a minute": the chat does so by itself. */
export const REFUSED_RETRY_MS = 60_000;

const idOf = (meta: unknown): number | undefined =>
  typeof meta === 'object' && meta !== null && typeof (meta as { id?: unknown }).id === 'number' ? (meta as { id: number }).id : undefined;

/**
 * The customer chat machine's `socket` actor in the shop: spec section 7's events mapped to
 * machine events and back. Admin messages carry increasing ids; one seen already (socket.io
 * may redeliver after recovering a drop) is skipped, so each is shown exactly once.
 */
export const customerSocket = (onNotice: NoticeSink) =>
  fromCallback<CustomerSocketCommand, { options: typeof CHAT_SOCKET_OPTIONS }>(({ sendBack, receive }) => {
    const send = (event: CustomerChatEvent) => sendBack(event);
    // The machine only sends once connected, but a command must never vanish while loading.
    const waiting: string[] = [];
    let emitText = (text: string) => void waiting.push(text);
    let lastSeen = 0;
    let connectedBefore = false;
    let refused = false;
    let retry: ReturnType<typeof setTimeout> | undefined;

    receive((command) => emitText(command.text));

    const stop = withChatSocket(
      (socket) => {
        socket.on('connect', () => {
          // Not recovered: the hub keys rooms by socket id, so this is a new room whose ids restart.
          if (connectedBefore && !socket.recovered) lastSeen = 0;
          connectedBefore = true;
          if (refused) onNotice(null);
          refused = false;
          send({ type: 'chat.connected' });
        });
        // The hub said no (too many chats from this network): say why, and ask again in a minute.
        socket.on('connect_error', (error: Error) => {
          if (socket.active) return;
          refused = true;
          onNotice(error.message);
          retry = setTimeout(() => socket.connect(), REFUSED_RETRY_MS);
        });
        socket.on('disconnect', () => send({ type: 'chat.disconnected' }));
        socket.on(SOCKET_EVENTS.serverToClient, (text: unknown, meta: unknown) => {
          if (typeof text !== 'string') return;
          const id = idOf(meta);
          if (id !== undefined) {
            if (id <= lastSeen) return;
            lastSeen = id;
          }
          send({ type: 'chat.adminMessage', text });
        });
        socket.on(SOCKET_EVENTS.noAdmin, () => send({ type: 'chat.noAdmin' }));
        socket.on(SOCKET_EVENTS.adminClosedChat, () => send({ type: 'chat.adminClosed' }));
        emitText = (text) =>
          void socket.emit(SOCKET_EVENTS.clientSendsMessage, text, (answer: ChatAck) =>
            // 'no admin' has its own event and fixed text; other refusals are shown as the hub words them.
            onNotice(answer.ok || answer.code === 'no admin' ? null : answer.message),
          );
        for (const text of waiting.splice(0)) emitText(text);
      },
      (error) => {
        console.warn('Support chat: the connection could not be opened', error);
        onNotice('The chat could not connect. Check your connection and reload the page to try again.');
      },
    );
    return () => {
      clearTimeout(retry);
      stop();
    };
  });
