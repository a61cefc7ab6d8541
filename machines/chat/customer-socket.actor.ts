import { fromCallback } from 'xstate';
import { CHAT_EVENTS, SOCKET_EVENTS, type ChatAck, type ChatHistoryEntry, type ChatReplayAck } from '#contracts/chat.ts';
import { SCREEN_EVENTS, type SharedScreen } from '#contracts/shared-screen.ts';
import { handshakeAgain, type OpenChatSocket } from './chat-socket.ts';
import type { ChatSocketOptions, CustomerChatEvent, CustomerSocketCommand } from './customer-chat.machine.ts';
import { heldEvents, linkSocket, seenIds } from './socket-link.ts';

/** The hub's flood refusals say "try again in a minute": the chat does so by itself. */
export const REFUSED_RETRY_MS = 60_000;
/** Shown when the connection could not even be opened (socket.io-client failed to load). */
export const CHAT_UNREACHABLE = 'The chat could not connect. Check your connection and reload the page to try again.';

export type CustomerSocketDeps = {
  /** The shop: same origin with the session cookie; the widget: the shop's origin, no cookies, `auth` identity. */
  open: OpenChatSocket;
  /** The hub could not verify the partner's signed identity: the socket carries on anonymously. */
  onIdentifyFailed?: () => void;
  /**
   * Asks the hub for the conversation that outlives the socket (`auth.keep`): the hub picks it
   * from the shopper's proof (session, guest chat cookie, signed identity; decision 013), never
   * from an id the page holds. With it, a reloaded page shows the conversation so far and a
   * connection back from a long drop fetches what it missed.
   */
  keep?: boolean;
  /** The hub gave this anonymous visitor a token ('chat visitor') that proves their conversation next time: the widget keeps it. */
  onVisitor?: (token: string) => void;
};

/** The one room a customer's socket chats in, as seenIds keys it. */
const ROOM = 'support';
const shown = (m: ChatHistoryEntry) => (m.from === 'client' ? { client: m.text } : { admin: m.text });
const idOf = (meta: unknown): number | undefined =>
  typeof meta === 'object' && meta !== null && typeof (meta as { id?: unknown }).id === 'number' ? (meta as { id: number }).id : undefined;

/**
 * The customer chat machine's `socket` actor, for the shop's support chat and the partner
 * widget alike: spec section 7's events mapped to machine events and back. Admin messages carry
 * increasing ids; one seen already (socket.io redelivers after recovering a drop) is skipped,
 * so each shows exactly once. The shopper's messages go through an outbox (chat-outbox.ts) that
 * sends each again after a drop until the hub answers. A refused connection shows the hub's sentence and retries after
 * a minute; a refused message shows its reason until a send succeeds.
 */
export const customerSocketActor = (deps: CustomerSocketDeps) =>
  fromCallback<CustomerSocketCommand, { options: ChatSocketOptions }>(({ input, sendBack, receive }) => {
    const send = (event: CustomerChatEvent) => sendBack(event);
    const notice = (message: string | null) => send({ type: 'chat.notice', message });
    /** The support's answers' ids. */
    const seen = seenIds();
    /** Support answers waiting for the replay under way, if one is. */
    const replaying = heldEvents();
    /** An answer from support, shown (`show`) unless its id was seen already; a restored one only counts as seen. */
    const fromSupport = (text: string, id: number | undefined, show: boolean) => {
      if (seen.fresh(ROOM, id) && show) send({ type: 'chat.adminMessage', text });
    };
    let connectedBefore = false;
    /** Whether the first replay (the whole kept conversation) has answered. */
    let restored = false;
    let refused = false;
    /** Whether the shopper shares, and the last screen: a new connection (a new socket at the hub) is told again. */
    let sharing = false;
    let screen: SharedScreen | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const keeps = deps.keep === true;
    const options = keeps ? { ...input.options, auth: { ...input.options.auth, keep: true } } : input.options;
    const stop = linkSocket(
      { open: deps.open, options, receive },
      (socket, messages) => {
        // Whether the machine heard 'chat.connected' for this connection. socket.io-client hands
        // out what a recovered connection missed before its 'connect' event: an admin message
        // first would move the machine on without flushing what the shopper typed meanwhile.
        let announced = false;
        /**
         * The kept conversation so far: all of it on the first connection, the support's missed
         * answers later. Answers arriving meanwhile wait, so none shows twice or out of order.
         */
        const catchUp = (first: boolean) => {
          replaying.hold();
          socket.emit(CHAT_EVENTS.replay, { after: first ? 0 : seen.highest(ROOM) }, (answer: ChatReplayAck) => {
            if (answer.ok && first) restored = true;
            if (answer.ok && first && answer.messages.length > 0) send({ type: 'chat.restored', messages: answer.messages.map(shown) });
            if (answer.ok) for (const m of answer.messages) if (m.from === 'admin') fromSupport(m.text, m.id, !first);
            replaying.release();
          });
        };
        const online = () => {
          if (announced || !socket.connected) return;
          announced = true;
          // A replay asked before a drop lost its answer with the connection (socket.io drops acks): ask again.
          if (keeps && replaying.pending()) catchUp(!restored);
          else if (!socket.recovered) {
            // Kept by the hub, the conversation outlives the socket: fetch it (before anything is sent).
            if (keeps) catchUp(!connectedBefore);
            // Keyed by the socket, this is a new room whose ids restart.
            else if (connectedBefore) seen.forget(ROOM);
          }
          connectedBefore = true;
          if (refused) notice(null);
          refused = false;
          // What the drop left unanswered goes first, before what the machine sends on connecting.
          messages.resume();
          if (sharing) {
            socket.emit(SCREEN_EVENTS.share, { on: true });
            if (screen) socket.emit(SCREEN_EVENTS.update, screen);
          }
          send({ type: 'chat.connected' });
        };
        socket.on('connect', online);
        // The hub said no (too many chats from this network): say why, and ask again in a minute.
        socket.on('connect_error', (error: Error) => {
          if (socket.active) return;
          refused = true;
          notice(error.message);
          clearTimeout(retry);
          retry = setTimeout(() => socket.connect(), REFUSED_RETRY_MS);
        });
        socket.on('disconnect', () => {
          announced = false;
          send({ type: 'chat.disconnected' });
        });
        socket.on(CHAT_EVENTS.identifyFailed, () => deps.onIdentifyFailed?.());
        socket.on(CHAT_EVENTS.visitor, (payload: unknown) => {
          const token = (payload as { token?: unknown } | null)?.token;
          if (typeof token === 'string') deps.onVisitor?.(token);
        });
        socket.on(SOCKET_EVENTS.serverToClient, (text: unknown, meta: unknown) => {
          if (typeof text !== 'string') return;
          online();
          const id = idOf(meta);
          replaying.deliver(() => fromSupport(text, id, true));
        });
        socket.on(SOCKET_EVENTS.noAdmin, () => {
          online();
          send({ type: 'chat.noAdmin' });
        });
        socket.on(SOCKET_EVENTS.adminClosedChat, () => {
          online();
          send({ type: 'chat.adminClosed' });
        });
        socket.on(SCREEN_EVENTS.asked, () => send({ type: 'chat.shareAsked' }));
        return (command) => {
          // The screen is a view of now: not queued while disconnected, sent again on connecting.
          if (command.type === 'share') {
            sharing = command.on;
            screen = null;
            if (socket.connected) socket.emit(SCREEN_EVENTS.share, { on: command.on });
            return;
          }
          if (command.type === 'screen') {
            screen = command.screen;
            if (socket.connected && sharing) socket.emit(SCREEN_EVENTS.update, command.screen);
            return;
          }
          if (command.type === 'reconnect') {
            // The identity travels in the handshake, so only a new handshake presents a new one.
            if (socket.connected) handshakeAgain(socket);
            return;
          }
          messages.send(SOCKET_EVENTS.clientSendsMessage, command.text, (answer: ChatAck) =>
            // 'no admin' has its own event and fixed text; other refusals are shown as the hub words them.
            notice(answer.ok || answer.code === 'no admin' ? null : answer.message),
          );
        };
      },
      (error) => {
        console.warn('Support chat: the connection could not be opened', error);
        notice(CHAT_UNREACHABLE);
      },
    );
    return () => {
      clearTimeout(retry);
      stop();
    };
  });
