import { createActor, type SnapshotFrom } from 'xstate';
import type { ChatIdentify } from '#contracts/chat.ts';
import { customerChatMachine } from '#machines/chat/customer-chat.machine.ts';
import { customerSocketActor } from '#machines/chat/customer-socket.actor.ts';
import { browserLocalStorage, type StorageLike } from '#machines/shared/storage.ts';
import type { MountOptions, WidgetHandle } from '../shared/types.ts';
import type { ChatSocket } from '#machines/chat/chat-socket.ts';
import { followPage, sharingConsent } from './page-share.ts';
import { createPanel, statusText } from './panel.ts';
import { shopSocketOpener, type SocketFactory } from './shop-socket.ts';
import { visitorTokens } from './visitor-token.ts';

export type MountDeps = {
  createSocket: SocketFactory;
  playSound: (url: string) => void;
  /** Where an anonymous visitor's token and sharing consent are kept: the partner page's local storage (tests pass their own). */
  storage?: () => StorageLike | null;
  /** The partner page whose address and title are shared, with consent (tests pass their own). */
  window?: Window;
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
    /**
     * Identified on this page after chatting as a guest: the handshake presents the guest's token
     * beside the identity, so the shop carries the conversation on. A page that starts identified
     * presents only the identity (another person may have used this browser as a guest).
     */
    let identifiedHere = false;
    let unreadCount = 0;

    const tokens = visitorTokens(deps.storage ?? browserLocalStorage);
    const consent = sharingConsent(deps.storage ?? browserLocalStorage);
    const win = deps.window ?? window;
    /** The socket now, and whether its last try reached the shop: a refused page's messages are not delivered. */
    let current: ChatSocket | null = null;
    let unreachable = false;
    const createSocket: typeof deps.createSocket = (origin, socketOptions) => {
      const made = deps.createSocket(origin, socketOptions);
      current = made;
      made.on('connect_error', () => reach(false));
      made.on('connect', () => reach(true));
      return made;
    };

    // The same socket actor as the shop's support chat; only how it opens the connection differs.
    const socket = customerSocketActor({
      open: shopSocketOpener(
        options.shopOrigin,
        createSocket,
        () => identity,
        () => (identity && !identifiedHere ? null : tokens.read()),
      ),
      // The shop keeps the conversation by the signed identity, else by the token it gave this
      // visitor (decision 013): a reload shows it so far, and the admin has one per visitor.
      keep: true,
      onVisitor: tokens.keep,
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
      share: () => actor.send({ type: 'chat.share' }),
      stopSharing: () => actor.send({ type: 'chat.stopSharing' }),
      decline: () => actor.send({ type: 'chat.shareDeclined' }),
      // socket.io tries again by itself, more slowly each time: Retry tries now.
      retry: () => void (current?.connected ? undefined : current?.connect()),
    });

    actor.on('chat.sound', ({ file }) => {
      deps.playSound(new URL(file, options.assetBase).href);
      // A visitor typing in the open panel has seen the message arrive.
      if (actor.getSnapshot().hasTag('panelOpen') && options.root.activeElement) return void actor.send({ type: 'chat.read' });
      unreadCount += 1;
      options.onUnread(unreadCount);
    });
    const render = (snapshot: SnapshotFrom<typeof actor>) =>
      panel.render({
        messages: snapshot.context.messages,
        draft: snapshot.context.draft,
        unread: snapshot.context.unread,
        status: statusText({ noAdmin: snapshot.hasTag('noAdmin'), adminClosed: snapshot.hasTag('adminClosed') }),
        notice: snapshot.context.notice,
        sharing: snapshot.hasTag('sharing') ? 'on' : snapshot.hasTag('shareAsked') ? 'asked' : 'off',
        // Typed while the shop is out of reach, they wait in the machine's outbox for a connection.
        undelivered: unreachable ? snapshot.context.outbox.length : 0,
      });
    const reach = (reached: boolean) => {
      unreachable = !reached;
      render(actor.getSnapshot());
    };
    // While the visitor shares, the page's address and title go to support as they change (decision 028).
    let unfollow: (() => void) | null = null;
    const sharedBefore = consent.given();
    actor.subscribe((snapshot) => {
      const sharing = snapshot.hasTag('sharing');
      if (sharing && !unfollow) unfollow = followPage(win, (screen) => actor.send({ type: 'chat.screen', screen }));
      if (!sharing && unfollow) {
        unfollow();
        unfollow = null;
      }
      if (sharing !== consent.given()) consent.set(sharing);
      render(snapshot);
    });
    actor.start();
    // Shared on the site's previous page: the consent stands until the visitor stops it.
    if (sharedBefore) actor.send({ type: 'chat.share' });
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
        if (identity === null) identifiedHere = true;
        identity = next;
        // The identity travels in the handshake, so a live socket reconnects to present it.
        actor.send({ type: 'chat.reconnect' });
      },
    };
  };
