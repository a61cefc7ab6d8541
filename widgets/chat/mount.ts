import { createActor } from 'xstate';
import type { ChatIdentify } from '../../contracts/chat.ts';
import { customerChatMachine } from '../../machines/chat/customer-chat.machine.ts';
import { customerSocketActor } from '../../machines/chat/customer-socket.actor.ts';
import { keptConversationId } from '../../machines/chat/kept-conversation.ts';
import { browserLocalStorage, type StorageLike } from '../../machines/shared/storage.ts';
import type { MountOptions, WidgetHandle } from '../shared/types.ts';
import { createPanel, statusText } from './panel.ts';
import { shopSocketOpener, type SocketFactory } from './shop-socket.ts';

export type MountDeps = {
  createSocket: SocketFactory;
  playSound: (url: string) => void;
  /** Where the visitor's conversation id is kept: the partner page's local storage (tests pass their own). */
  storage?: () => StorageLike | null;
};

/**
 * Whose conversation the partner page's browser keeps: the signed visitor's id, else 'guest'.
 * Another visitor identified on the same browser gets a conversation of their own.
 */
export const visitorOf = (identity: ChatIdentify | null): string => {
  if (!identity) return 'guest';
  if (!('payload' in identity)) return `visitor:${identity.id}`;
  try {
    const id: unknown = (JSON.parse(identity.payload) as { id?: unknown }).id;
    return typeof id === 'string' ? `visitor:${id}` : 'guest';
  } catch {
    return 'guest';
  }
};

export const playAudio = (url: string) => {
  // Browsers may refuse to play before a gesture; a missed sound must not break the chat.
  new Audio(url).play().catch(() => undefined);
};

/**
 * Mounts the chat panel into the loader's shadow root and starts the customer chat machine,
 * whose socket actor connects to the shop. Every chat rule (outbox, 200 ms clear, whitespace,
 * unread, close and reconnect) is the machine's; this file only wires DOM and socket to it.
 */
export const createMount =
  (deps: MountDeps) =>
  (options: MountOptions): WidgetHandle => {
    let identity: ChatIdentify | null = options.identity;
    let unreadCount = 0;

    // The same socket actor as the shop's support chat; only how it opens the connection differs.
    const socket = customerSocketActor({
      open: shopSocketOpener(options.shopOrigin, deps.createSocket, () => identity),
      // Kept by the partner page's browser: a reload shows the conversation so far, and the shop's
      // admin keeps one conversation for the visitor, not one per page.
      conversation: () => keptConversationId((deps.storage ?? browserLocalStorage)(), visitorOf(identity)),
      onIdentifyFailed: () => {
        identity = null;
        options.onIdentifyFailed();
      },
    });
    const actor = createActor(customerChatMachine.provide({ actors: { socket } }));

    const markRead = () => {
      if (!unreadCount && !actor.getSnapshot().context.unread) return;
      unreadCount = 0;
      actor.send({ type: 'chat.read' });
      options.onUnread(0);
    };
    const panel = createPanel(options.root, options.title, options.position === 'bottom-left' ? 'left' : 'right', {
      input: (text) => actor.send({ type: 'chat.input', text }),
      submit: () => actor.send({ type: 'chat.submit' }),
      close: options.onClose,
      seen: markRead,
    });

    actor.on('chat.sound', ({ file }) => {
      deps.playSound(new URL(file, options.assetBase).href);
      // A visitor typing in the open panel has seen the message arrive.
      if (actor.getSnapshot().hasTag('panelOpen') && options.root.activeElement) return void actor.send({ type: 'chat.read' });
      unreadCount += 1;
      options.onUnread(unreadCount);
    });
    actor.subscribe((snapshot) =>
      panel.render({
        messages: snapshot.context.messages,
        draft: snapshot.context.draft,
        unread: snapshot.context.unread,
        status: statusText({ noAdmin: snapshot.hasTag('noAdmin'), adminClosed: snapshot.hasTag('adminClosed') }),
        notice: snapshot.context.notice,
      }),
    );
    actor.start();
    // The loader mounts the widget before opening it: its panel starts hidden.
    actor.send({ type: 'chat.hide' });

    return {
      open: () => {
        actor.send({ type: 'chat.show' });
        panel.show();
        markRead();
      },
      close: () => {
        actor.send({ type: 'chat.hide' });
        panel.hide();
      },
      identify: (next) => {
        identity = next;
        // The identity travels in the handshake, so a live socket reconnects to present it.
        actor.send({ type: 'chat.reconnect' });
      },
    };
  };
