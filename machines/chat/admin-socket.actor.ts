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
} from '#contracts/chat.ts';
import type { AdminChatEvent, AdminSocketCommand } from './admin-chat.machine.ts';
import { SCREEN_EVENTS, type ScreenToAdmin } from '#contracts/shared-screen.ts';
import type { OpenChatSocket } from './chat-socket.ts';
import type { ChatSocketOptions } from './customer-chat.machine.ts';
import { heldEvents, linkSocket, seenIds } from './socket-link.ts';

export const ADMIN_CHAT_UNREACHABLE = 'The chat server could not be reached. Reload the page to try again.';
/** After the hub refused a connection (its handshake failed), socket.io does not try again by itself. */
export const ADMIN_REFUSED_RETRY_MS = 5_000;

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
 * a socket back from a long drop all show what there is. Shared screens are asked on every
 * connection, since recovery does not redeliver them. Messages that arrive meanwhile wait
 * for the list, and ids already seen are skipped, so each arrives exactly once and in order.
 * The admin's answers go through an outbox (chat-outbox.ts) that sends each again after a drop
 * until the hub answers.
 */
export const adminSocketActor = (deps: AdminSocketDeps) =>
  fromCallback<AdminSocketCommand, { options: ChatSocketOptions }>(({ input, sendBack, receive }) => {
    const send = (event: AdminChatEvent) => sendBack(event);
    const notice = (message: string | null) => send({ type: 'admin.notice', message });
    /** Per room, from customers and from other admins' answers. */
    const clientIds = seenIds();
    const answerIds = seenIds();
    /** While the list is on its way, live events wait so the list does not overwrite them. */
    const listing = heldEvents();
    const adminId = `admin-${crypto.randomUUID()}`;
    const answered = (answer: ChatAck) => notice(answer.ok ? null : answer.message);
    let retry: ReturnType<typeof setTimeout> | undefined;
    let refused = false;
    /** The conversations whose shared screen this page shows. */
    const screensShown = new Set<string>();
    const show = (user: string, screen: ScreenToAdmin['screen']) => {
      if (screen) screensShown.add(user);
      else screensShown.delete(user);
      send({ type: 'admin.screen', user, screen });
    };

    const stop = linkSocket(
      { open: deps.open, options: input.options, receive },
      (socket, messages) => {
        const list = () => {
          listing.hold();
          socket.emit(CHAT_EVENTS.conversations, {}, (answer: ChatConversationsAck) => {
            if (!answer.ok) {
              listing.drop();
              return notice(answer.message);
            }
            clientIds.forget();
            answerIds.forget();
            for (const c of answer.conversations) {
              const ids = (from: 'client' | 'admin') => c.messages.filter((m) => m.from === from).map((m) => m.id);
              clientIds.set(c.user, Math.max(0, ...ids('client')));
              answerIds.set(c.user, Math.max(0, ...ids('admin')));
            }
            send({ type: 'admin.conversations', you: answer.you, conversations: answer.conversations });
            listing.release();
            listScreens();
          });
        };
        /**
         * The screens shared now, asked on every (re)connection, a recovered one too: socket.io
         * does not keep screens for recovery (the hub sends them acknowledged, so that nothing of
         * a screen waits on the server), so what changed during a drop is learnt here. A screen
         * this page shows that is no longer shared is cleared.
         */
        const listScreens = () =>
          socket.emit(SCREEN_EVENTS.list, {}, (shared: { ok: boolean; screens?: ScreenToAdmin[] }) => {
            if (!shared.ok) return;
            const now = new Map((shared.screens ?? []).map(({ user, screen }) => [user, screen]));
            for (const user of screensShown) if (!now.has(user)) show(user, null);
            for (const [user, screen] of now) show(user, screen);
          });
        socket.on('connect', () => {
          const recovered = socket.recovered;
          if (refused) notice(null);
          refused = false;
          socket.emit(SOCKET_EVENTS.adminConnected, adminId, (answer: ChatAck) => {
            if (!answer.ok) return notice(answer.message);
            // A recovered connection redelivers what it missed, but not the answer to a list
            // asked before the drop: socket.io loses acknowledgements with the connection.
            if (!recovered || listing.pending()) list();
            else listScreens();
            send({ type: 'admin.connected' });
          });
          // After the announce (the hub handles a socket's events in order): what the drop left unanswered.
          messages.resume();
        });
        socket.on('disconnect', () => send({ type: 'admin.disconnected' }));
        // The hub said no (its handshake failed): say why, and ask again shortly.
        socket.on('connect_error', (error: Error) => {
          if (socket.active) return;
          refused = true;
          notice(error.message);
          clearTimeout(retry);
          retry = setTimeout(() => socket.connect(), ADMIN_REFUSED_RETRY_MS);
        });
        socket.on(SOCKET_EVENTS.serverToAdmin, (payload: unknown) => {
          if (!isClientPayload(payload)) return;
          const { user, message, id, name, waitingSince } = payload;
          listing.deliver(
            () =>
              clientIds.fresh(user, id) &&
              send({
                type: 'admin.clientMessage',
                user,
                message,
                ...(name ? { name } : {}),
                ...(typeof waitingSince === 'string' ? { waitingSince } : {}),
              }),
          );
        });
        socket.on(CHAT_EVENTS.answered, (payload: unknown) => {
          if (!isAnswered(payload)) return;
          const { user, message, id, by } = payload;
          listing.deliver(() => answerIds.fresh(user, id) && send({ type: 'admin.answered', user, message, by }));
        });
        socket.on(SOCKET_EVENTS.disconnected, (payload: DisconnectedPayload) => {
          listing.deliver(() => {
            clientIds.forget(payload.socketId);
            answerIds.forget(payload.socketId);
            send({ type: 'admin.clientDisconnected', socketId: payload.socketId });
          });
        });
        socket.on(SOCKET_EVENTS.newOrder, (order: unknown) => {
          if (isNewOrder(order)) send({ type: 'admin.newOrder', order });
        });
        socket.on(SCREEN_EVENTS.shown, (payload: unknown, received?: unknown) => {
          const { user, screen } = (payload ?? {}) as Partial<ScreenToAdmin>;
          if (typeof user === 'string') show(user, screen ?? null);
          // The hub waits for this (and keeps the packet's callback until then).
          if (typeof received === 'function') (received as () => void)();
        });
        return (command) => {
          if (command.type === 'askScreen') socket.emit(SCREEN_EVENTS.ask, { user: command.user }, answered);
          else if (command.type === 'send')
            messages.send(SOCKET_EVENTS.adminSendsMessage, { user: command.user, message: command.message }, answered);
          else socket.emit(SOCKET_EVENTS.adminClosesChat, { roomId: command.roomId }, answered);
        };
      },
      (error) => {
        console.warn('Admin chat: the connection could not be opened', error);
        notice(ADMIN_CHAT_UNREACHABLE);
      },
    );
    return () => {
      clearTimeout(retry);
      stop();
    };
  });
