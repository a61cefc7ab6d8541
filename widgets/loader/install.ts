import type { ChatIdentify } from '#contracts/chat.ts';
import { sharedBefore } from '../shared/sharing-consent.ts';
import type { WidgetEventMap, WidgetEventName, WidgetHandle, WidgetModule } from '../shared/types.ts';
import { asIdentity, type Command } from './commands.ts';
import { createLauncher } from './launcher.ts';
import { readSettings, shopLocation } from './settings.ts';

/** `window.StatefrontChat` once loaded: callable like the stub, plus named methods. */
export type ChatApi = ((...command: Command) => void) & {
  loaded: true;
  open: () => void;
  close: () => void;
  identify: (identity: ChatIdentify) => void;
  on: <K extends WidgetEventName>(name: K, fn: (detail: WidgetEventMap[K]) => void) => void;
};
type Stub = { (...command: Command): void; q?: ArrayLike<unknown>[]; loaded?: boolean };
export type ChatWindow = Window & { StatefrontChat?: Stub | ChatApi; StatefrontChatConfig?: unknown };

export type InstallEnv = {
  window: ChatWindow;
  script: HTMLScriptElement | null;
  /** Fetches the widget bundle (a script tag in the browser, the source module in tests). */
  loadWidget: (url: string) => Promise<WidgetModule>;
  widgetFile: string;
};

/**
 * Installs the chat on the page: the launcher, the real API in place of the queue stub, the
 * queued calls replayed in order. The widget bundle loads on first open. Installing twice
 * (the snippet pasted twice) returns the first API and changes nothing.
 */
export const installChat = ({ window: win, script, loadWidget, widgetFile }: InstallEnv): ChatApi => {
  const existing = win.StatefrontChat;
  if (existing && 'loaded' in existing && existing.loaded) return existing as ChatApi;
  const doc = win.document;
  const settings = readSettings(script, win.StatefrontChatConfig);
  const { shopOrigin, assetBase } = shopLocation(script, win.location.href);
  const launcher = createLauncher(doc, settings);
  const listeners: { [K in WidgetEventName]: ((detail: WidgetEventMap[K]) => void)[] } = { ready: [], unread: [] };
  let ready = false;
  let isOpen = false;
  let identity: ChatIdentify | null = null;
  let widget: WidgetHandle | null = null;
  let loading: Promise<WidgetHandle> | null = null;

  const fire = <K extends WidgetEventName>(name: K, detail: WidgetEventMap[K]) => {
    win.dispatchEvent(new CustomEvent(`statefront-chat:${name}`, { detail }));
    for (const fn of listeners[name]) fn(detail);
  };
  const setOpen = (open: boolean) => {
    isOpen = open;
    launcher.setExpanded(open);
  };
  const load = () =>
    (loading ??= loadWidget(new URL(widgetFile, assetBase).href).then(({ mount }) => {
      widget = mount({
        root: launcher.root,
        shopOrigin,
        assetBase,
        title: settings.title,
        position: settings.position,
        identity,
        onUnread: (count) => {
          launcher.setUnread(count);
          fire('unread', { count });
        },
        onClose: () => {
          close();
          launcher.button.focus();
        },
        onIdentifyFailed: () => {
          identity = null;
          console.warn('StatefrontChat: the shop refused the identity signature; chatting anonymously.');
        },
      });
      return widget;
    }));

  const open = () => {
    setOpen(true);
    if (widget) return widget.open();
    load().then(
      (w) => (isOpen ? w.open() : w.close()),
      (error: unknown) => {
        loading = null;
        setOpen(false);
        console.error('StatefrontChat: the chat could not be loaded.', error);
      },
    );
  };
  const close = () => {
    setOpen(false);
    widget?.close();
  };
  const identify = (value: unknown) => {
    const checked = asIdentity(value);
    if (!checked) return console.warn('StatefrontChat: identify needs { v: 2, payload, signature } as signed by your server.');
    identity = checked;
    widget?.identify(checked);
  };
  const on = <K extends WidgetEventName>(name: K, fn: (detail: WidgetEventMap[K]) => void) => {
    if (!(name in listeners) || typeof fn !== 'function') return console.warn(`StatefrontChat: unknown event "${String(name)}".`);
    listeners[name].push(fn);
    if (name === 'ready' && ready) fn({} as WidgetEventMap[K]);
  };
  const run = (command: Command) => {
    const [name, ...args] = command;
    if (name === 'open') open();
    else if (name === 'close') close();
    else if (name === 'identify') identify(args[0]);
    else if (name === 'on') on(args[0] as WidgetEventName, args[1] as (detail: unknown) => void);
    else console.warn(`StatefrontChat: unknown command "${String(name)}".`);
  };

  launcher.button.addEventListener('click', () => (isOpen ? close() : open()));
  // Drained in place, so a call a queued callback makes while replaying is not lost.
  const queue = Array.isArray(existing?.q) ? existing.q : [];
  while (queue.length > 0) run(Array.from(queue.shift() ?? []));
  const api: ChatApi = Object.assign((...command: Command) => run(command), { loaded: true as const, open, close, identify, on });
  win.StatefrontChat = api;
  ready = true;
  fire('ready', {});
  if (settings.open && !isOpen) open();
  // The visitor shares their page with support (decision 028): the widget comes back on each page
  // of the site, closed, so support keeps following until the visitor stops it.
  else if (!isOpen && sharedBefore(win)) {
    load().then(
      (w) => (isOpen ? w.open() : w.close()),
      () => void (loading = null),
    );
  }
  return api;
};
