import { createActor } from 'xstate';
import type { ChatIdentify } from '../../contracts/chat.ts';
import { customerChatMachine } from '../../machines/chat/customer-chat.machine.ts';
import type { MountOptions, WidgetHandle } from '../shared/types.ts';
import { createPanel, statusText } from './panel.ts';
import { createSocketActor, type ChatSocket, type SocketFactory } from './socket-actor.ts';

export type MountDeps = { createSocket: SocketFactory; playSound: (url: string) => void };

export const playAudio = (url: string) => {
  // Browsers may refuse to play before a gesture; a missed sound must not break the chat.
  new Audio(url).play().catch(() => undefined);
};

/**
 * Mounts the chat panel into the loader's shadow root and starts the customer chat machine,
 * whose socket actor connects to the shop. Every chat rule (outbox, 200 ms clear, whitespace,
 * unread, close and reconnect) is the machine's; this file only wires DOM and socket to it.
 */
export const createMount = (deps: MountDeps) => (options: MountOptions): WidgetHandle => {
  let identity: ChatIdentify | null = options.identity;
  let live: ChatSocket | null = null;
  let isOpen = false;
  let unreadCount = 0;

  const socket = createSocketActor({
    origin: options.shopOrigin,
    createSocket: deps.createSocket,
    getIdentity: () => identity,
    onIdentifyFailed: () => {
      identity = null;
      options.onIdentifyFailed();
    },
    onNotice: (message) => panel.notice(message),
    onSocket: (current) => (live = current),
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
    if (isOpen && options.root.activeElement) return void actor.send({ type: 'chat.read' });
    unreadCount += 1;
    options.onUnread(unreadCount);
  });
  actor.subscribe((snapshot) =>
    panel.render({
      messages: snapshot.context.messages,
      draft: snapshot.context.draft,
      unread: snapshot.context.unread,
      status: statusText({ noAdmin: snapshot.hasTag('noAdmin'), adminClosed: snapshot.hasTag('adminClosed') }),
    }),
  );
  actor.start();

  return {
    open: () => {
      isOpen = true;
      panel.show();
      markRead();
    },
    close: () => {
      isOpen = false;
      panel.hide();
    },
    identify: (next) => {
      identity = next;
      // The identity travels in the handshake, so a live socket reconnects to present it.
      if (live?.connected) {
        live.disconnect();
        live.connect();
      }
    },
  };
};
