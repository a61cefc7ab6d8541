import type { ChatIdentify } from '#contracts/chat.ts';

/** Where the launcher sits on the partner page. */
export type WidgetPosition = 'bottom-right' | 'bottom-left';

/** Settings a partner gives through `data-` attributes or `window.StatefrontChatConfig`. */
export type WidgetSettings = { open: boolean; position: WidgetPosition; title: string };

/** Host page callbacks registered with `StatefrontChat('on', name, fn)`. */
export type WidgetEventMap = { ready: Record<string, never>; unread: { count: number } };
export type WidgetEventName = keyof WidgetEventMap;

/** What the loader hands the lazily loaded widget bundle. */
export type MountOptions = {
  root: ShadowRoot;
  /** The shop's origin, from the loader's own script src: the socket connects there. */
  shopOrigin: string;
  /** The folder chat.js was served from: the sound file sits beside it. */
  assetBase: string;
  title: string;
  position: WidgetPosition;
  identity: ChatIdentify | null;
  onUnread: (count: number) => void;
  /** The visitor closed the panel from inside it (close button or Escape). */
  onClose: () => void;
  /** The shop refused the signed identity: the chat carries on anonymously. */
  onIdentifyFailed: () => void;
};

export type WidgetHandle = {
  open: () => void;
  close: () => void;
  identify: (identity: ChatIdentify) => void;
};

/** The widget bundle's export (IIFE global `StatefrontChatWidget`). */
export type WidgetModule = { mount: (options: MountOptions) => WidgetHandle };
