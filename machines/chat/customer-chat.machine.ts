import { and, assertEvent, assign, emit, enqueueActions, not, sendTo, setup, stateIn } from 'xstate';
import type { ChatMessage } from '#contracts/chat.ts';
import type { SharedScreen } from '#contracts/shared-screen.ts';
import { missingCallback } from '../shared/actors.ts';

/** Spec section 9: the realtime client reconnects after 1 s to 5 s and gives up a connection try after 20 s. */
/** Spec section 9's reconnection options, plus which transports to try first. */
export type ChatSocketOptions = {
  reconnectionDelay: number;
  reconnectionDelayMax: number;
  timeout: number;
  transports?: ('websocket' | 'polling')[];
  /** The handshake's `auth` (contracts/chat.ts `ChatHandshakeAuth`): `keep` asks for the conversation the hub keeps for this shopper. */
  auth?: { keep?: boolean };
};
export const CHAT_SOCKET_OPTIONS: ChatSocketOptions = { reconnectionDelay: 1000, reconnectionDelayMax: 5000, timeout: 20_000 };
export const CHAT_INPUT_CLEAR_MS = 200;
export const CHAT_SOUND = 'chat-msg.mp3';

export type CustomerChatContext = {
  messages: ChatMessage[];
  draft: string;
  /** The text just sent, while the box waits to clear: what the shopper typed after it stays. */
  sent: string;
  unread: boolean;
  outbox: string[];
  /** A refusal to show the shopper as the hub words it (too fast, too many chats), or null. */
  notice: string | null;
};
/** UI events, then what the socket actor reports. */
export type CustomerChatEvent =
  | { type: 'chat.input'; text: string }
  | { type: 'chat.submit' }
  | { type: 'chat.read' }
  /** The shopper opens or minimises the panel; an open panel is read, so both clear the dot. */
  | { type: 'chat.show' }
  | { type: 'chat.hide' }
  | { type: 'chat.connected' }
  | { type: 'chat.disconnected' }
  | { type: 'chat.adminMessage'; text: string }
  /** The conversation so far, as the hub keeps it (a reloaded page): shown before what was typed meanwhile. */
  | { type: 'chat.restored'; messages: ChatMessage[] }
  | { type: 'chat.noAdmin' }
  | { type: 'chat.adminClosed' }
  | { type: 'chat.notice'; message: string | null }
  /** The widget's identity changed: a live socket reconnects to present it in the handshake. */
  | { type: 'chat.reconnect' }
  /** Consent (decision 022): the shopper shares their screen (`Share my screen with support`, or `Share` when asked). */
  | { type: 'chat.share' }
  /** The shopper withdraws it (`Stop sharing`). */
  | { type: 'chat.stopSharing' }
  /** Support asks to see the screen (from the socket). */
  | { type: 'chat.shareAsked' }
  /** The shopper answers an ask with `Not now`. */
  | { type: 'chat.shareDeclined' }
  /** What the page shows now, passed on to support only while sharing. */
  | { type: 'chat.screen'; screen: SharedScreen };
/**
 * What the machine asks the socket actor to do: emit 'client sends message' with the text,
 * reconnect, tell the hub whether the shopper shares (`share`), or send the screen.
 */
export type CustomerSocketCommand =
  { type: 'send'; text: string } | { type: 'reconnect' } | { type: 'share'; on: boolean } | { type: 'screen'; screen: SharedScreen };
export type CustomerChatEmitted = { type: 'chat.sound'; file: typeof CHAT_SOUND };

/**
 * The shopper's support chat (widget and storefront): the socket lives in `online`; when the
 * admin closes the chat the socket is dropped and the conversation cleared, and the next
 * message reconnects. Messages typed before the socket connects wait in `outbox`.
 */
export const customerChatMachine = setup({
  types: {
    context: {} as CustomerChatContext,
    events: {} as CustomerChatEvent,
    emitted: {} as CustomerChatEmitted,
  },
  actors: {
    socket: missingCallback<CustomerSocketCommand, { options: ChatSocketOptions }>(),
  },
  delays: { inputClear: CHAT_INPUT_CLEAR_MS },
  guards: {
    // A second Enter while the box is still clearing must not send the same text again.
    canSend: and([({ context }) => context.draft.trim().length > 0, not(stateIn({ composer: 'clearing' }))]),
    // Consent needs a socket to tell: after the admin closed, the next message reconnects first.
    online: stateIn({ connection: 'online' }),
  },
  actions: {
    typed: assign(({ event }) => {
      assertEvent(event, 'chat.input');
      return { draft: event.text };
    }),
    appendDraft: assign(({ context }) => ({ messages: [...context.messages, { client: context.draft.trim() }] })),
    queueDraft: assign(({ context }) => ({ outbox: [...context.outbox, context.draft.trim()] })),
    sendDraft: sendTo('socket', ({ context }): CustomerSocketCommand => ({ type: 'send', text: context.draft.trim() })),
    flushOutbox: enqueueActions(({ context, enqueue }) => {
      for (const text of context.outbox) enqueue.sendTo('socket', { type: 'send', text } satisfies CustomerSocketCommand);
      enqueue.assign({ outbox: [] });
    }),
    shareOn: sendTo('socket', { type: 'share', on: true } satisfies CustomerSocketCommand),
    shareOff: sendTo('socket', { type: 'share', on: false } satisfies CustomerSocketCommand),
  },
}).createMachine({
  id: 'customerChat',
  type: 'parallel',
  context: { messages: [], draft: '', sent: '', unread: false, outbox: [], notice: null },
  on: {
    'chat.read': { actions: assign({ unread: false }) },
    'chat.notice': { actions: assign(({ event }) => ({ notice: event.message })) },
  },
  states: {
    connection: {
      initial: 'online',
      states: {
        online: {
          invoke: { id: 'socket', src: 'socket', input: { options: CHAT_SOCKET_OPTIONS } },
          initial: 'connecting',
          on: {
            'chat.adminMessage': {
              target: '.chatting',
              actions: [
                assign(({ context, event }) => ({ messages: [...context.messages, { admin: event.text }], unread: true })),
                emit({ type: 'chat.sound' as const, file: CHAT_SOUND }),
              ],
            },
            'chat.noAdmin': '.noAdmin',
            'chat.restored': { actions: assign(({ context, event }) => ({ messages: [...event.messages, ...context.messages] })) },
            'chat.disconnected': '.connecting',
            'chat.reconnect': { actions: sendTo('socket', { type: 'reconnect' } satisfies CustomerSocketCommand) },
            // CHAT_TEXTS.adminClosed is shown; leaving `online` drops the socket.
            'chat.adminClosed': { target: 'closed', actions: assign({ messages: [], outbox: [] }) },
          },
          states: {
            connecting: {
              tags: ['connecting'],
              on: {
                'chat.connected': { target: 'chatting', actions: 'flushOutbox' },
                'chat.submit': { guard: 'canSend', actions: ['appendDraft', 'queueDraft'] },
              },
            },
            chatting: { tags: ['online'], on: { 'chat.submit': { guard: 'canSend', actions: ['appendDraft', 'sendDraft'] } } },
            // CHAT_TEXTS.noAdmin is shown; the message still went to the server.
            noAdmin: { tags: ['online', 'noAdmin'], on: { 'chat.submit': { guard: 'canSend', actions: ['appendDraft', 'sendDraft'] } } },
          },
        },
        closed: {
          tags: ['adminClosed'],
          on: { 'chat.submit': { guard: 'canSend', target: 'online', actions: ['appendDraft', 'queueDraft'] } },
        },
      },
    },
    composer: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'chat.input': { actions: 'typed' },
            'chat.submit': { guard: 'canSend', target: 'clearing', actions: assign(({ context }) => ({ sent: context.draft })) },
          },
        },
        /**
         * Spec section 4: the box clears 200 ms after sending. What the shopper types meanwhile is
         * kept: the sent text goes, the rest stays (typing on at once lost those keys).
         */
        clearing: {
          tags: ['sending'],
          on: { 'chat.input': { actions: 'typed' } },
          after: {
            inputClear: {
              target: 'editing',
              actions: assign(({ context: { draft, sent } }) => ({
                draft: draft.startsWith(sent) ? draft.slice(sent.length).trimStart() : draft,
                sent: '',
              })),
            },
          },
        },
      },
    },
    /**
     * The shopper's screen (decision 022): off until the shopper says so. It stops on `Stop
     * sharing` and when the admin closes the conversation; logout, the kiosk's reset and a closed
     * tab stop this machine, and with it the socket, which the hub takes as the end of sharing.
     */
    sharing: {
      initial: 'off',
      states: {
        off: {
          on: {
            'chat.share': { guard: 'online', target: 'on', actions: 'shareOn' },
            'chat.shareAsked': { guard: 'online', target: 'asked' },
          },
        },
        asked: {
          tags: ['shareAsked'],
          on: {
            'chat.share': { target: 'on', actions: 'shareOn' },
            'chat.shareDeclined': { target: 'off', actions: 'shareOff' },
            'chat.adminClosed': 'off',
          },
        },
        on: {
          tags: ['sharing'],
          on: {
            'chat.screen': { actions: sendTo('socket', ({ event }): CustomerSocketCommand => ({ type: 'screen', screen: event.screen })) },
            'chat.stopSharing': { target: 'off', actions: 'shareOff' },
            'chat.adminClosed': 'off',
          },
        },
      },
    },
    // The machine starts when the shopper first opens the chat, so the panel starts shown.
    panel: {
      initial: 'shown',
      states: {
        shown: { tags: ['panelOpen'], on: { 'chat.hide': { target: 'hidden', actions: assign({ unread: false }) } } },
        hidden: { on: { 'chat.show': { target: 'shown', actions: assign({ unread: false }) } } },
      },
    },
  },
});
