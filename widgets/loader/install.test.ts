// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_EVENTS } from '#contracts/chat.ts';
import { SCREEN_EVENTS } from '#contracts/shared-screen.ts';
import { createMount } from '../chat/mount.ts';
import { SHARING_KEY } from '../shared/sharing-consent.ts';
import type { WidgetModule } from '../shared/types.ts';
import { fakeSocketFactory } from '../testing/fake-socket.ts';
import { installChat, type ChatWindow } from './install.ts';

const identity = {
  v: 2 as const,
  payload: '{"id":"u1","name":"Ann","email":"ann@example.com","aud":"http://shop.test","exp":1800000000}',
  signature: 'ab'.repeat(32),
};
const win = window as unknown as ChatWindow;

/** The snippet partners paste: the queue stub, then the script tag. */
const snippet = (data: Record<string, string> = {}) => {
  const stub = Object.assign((...args: unknown[]) => (stub.q ??= []).push(args), { q: undefined as unknown[][] | undefined });
  win.StatefrontChat = stub;
  const script = document.createElement('script');
  script.setAttribute('src', 'http://shop.test/widgets/chat.js');
  for (const [key, value] of Object.entries(data)) script.dataset[key] = value;
  // Not appended: the loader only reads the tag, and happy-dom would try to fetch it.
  return script;
};

const install = (script: HTMLScriptElement | null) => {
  const sockets = fakeSocketFactory();
  const widget: WidgetModule = { mount: createMount({ createSocket: sockets.create, playSound: () => undefined }) };
  const loadWidget = vi.fn((_url: string) => Promise.resolve(widget));
  const api = installChat({ window: win, script, loadWidget, widgetFile: 'chat-widget.js?v=1' });
  const root = () => document.querySelector('[data-statefront-chat]')!.shadowRoot!;
  const launcher = () => root().querySelector<HTMLButtonElement>('button.launcher')!;
  return { api, sockets, loadWidget, root, launcher };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

// Each test starts on an empty head, and the head goes back as it was found: the worker's next
// files share this document (vitest.config.ts), emotion's style tags included.
let headAsFound: ChildNode[] = [];
beforeEach(() => {
  headAsFound = [...document.head.childNodes];
  document.head.replaceChildren();
});
afterEach(() => {
  delete win.StatefrontChat;
  delete win.StatefrontChatConfig;
  document.body.replaceChildren();
  document.head.replaceChildren(...headAsFound);
  localStorage.clear();
});

describe('chat loader', () => {
  it('when the visitor shared their page on the site before, then the next page fetches the widget closed, and it shares on', async () => {
    localStorage.setItem(SHARING_KEY, '1');
    const { loadWidget, sockets, launcher } = install(snippet());
    await settle();
    expect(loadWidget).toHaveBeenCalledTimes(1);
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    sockets.last().accept();
    expect(sockets.last().sent(SCREEN_EVENTS.share)).toEqual([[{ on: true }]]);
    // The admin's close ends the share and the consent kept for the site's next pages, and with
    // them the watch on the page's address (left running, it outlived this file's window).
    sockets.last().fromServer(SOCKET_EVENTS.adminClosedChat);
    expect(localStorage.getItem(SHARING_KEY)).toBeNull();
  });

  it('when the page loads, then only a labelled launcher is shown and the widget is not fetched', () => {
    const { loadWidget, root, launcher } = install(snippet());
    expect(launcher().getAttribute('aria-label')).toContain("Let's Chat - Online");
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(root().querySelector('[role="dialog"], textarea')).toBeNull();
    expect(loadWidget).not.toHaveBeenCalled();
    expect(document.querySelector('[data-statefront-chat]')?.getAttribute('style')).toMatch(/^all:initial;/);
  });

  it('when the visitor clicks the launcher, then the widget loads from beside chat.js and opens in the shadow root', async () => {
    const { loadWidget, root, launcher, sockets } = install(snippet());
    launcher().click();
    await settle();
    expect(loadWidget).toHaveBeenCalledWith('http://shop.test/widgets/chat-widget.js?v=1');
    expect(launcher().getAttribute('aria-expanded')).toBe('true');
    expect(root().querySelector<HTMLElement>('[role="dialog"]')?.hidden).toBe(false);
    expect(sockets.last().origin).toBe('http://shop.test');
    expect(document.querySelectorAll('style')).toHaveLength(0);
    launcher().click();
    expect(root().querySelector<HTMLElement>('[role="dialog"]')?.hidden).toBe(true);
    expect(loadWidget).toHaveBeenCalledOnce();
  });

  it('when open and identify were queued before the script loaded, then they are replayed and identify reaches the handshake', async () => {
    const script = snippet();
    win.StatefrontChat!('identify', identity);
    win.StatefrontChat!('open');
    const { api, sockets, loadWidget } = install(script);
    await settle();
    expect(win.StatefrontChat).toBe(api);
    expect(loadWidget).toHaveBeenCalledOnce();
    expect(sockets.last().presented).toEqual([{ identify: identity }]);
  });

  it('when the script runs twice, then the second run changes nothing', () => {
    const script = snippet();
    const first = install(script);
    const second = install(script);
    expect(second.api).toBe(first.api);
    expect(document.querySelectorAll('[data-statefront-chat]')).toHaveLength(1);
  });

  it('when the page has not opened the chat, then no cookie or local storage is written, even after identify', async () => {
    install(snippet());
    win.StatefrontChat!('identify', identity);
    await settle();
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('when loaded, then ready fires on window and for callbacks queued with on', () => {
    const script = snippet();
    const queued = vi.fn();
    win.StatefrontChat!('on', 'ready', queued);
    const onWindow = vi.fn();
    window.addEventListener('statefront-chat:ready', onWindow, { once: true });
    install(script);
    expect(queued).toHaveBeenCalledOnce();
    expect(onWindow).toHaveBeenCalledOnce();
  });

  it('when the admin writes while the panel is closed, then the page hears the unread count and the launcher shows the dot', async () => {
    const { api, sockets, launcher, root } = install(snippet());
    const counts: number[] = [];
    api.on('unread', ({ count }) => counts.push(count));
    const windowCounts: number[] = [];
    window.addEventListener('statefront-chat:unread', (e) => windowCounts.push((e as CustomEvent<{ count: number }>).detail.count));
    api.open();
    await settle();
    api.close();
    sockets.last().accept();
    sockets.last().fromServer('server sends message from admin to client', 'Hi!');
    sockets.last().fromServer('server sends message from admin to client', 'Can I help?');
    expect(counts).toEqual([1, 2]);
    expect(windowCounts).toEqual([1, 2]);
    expect(root().querySelector<HTMLElement>('.launcher .dot')?.hidden).toBe(false);
    expect(launcher().getAttribute('aria-label')).toContain('2 unread');
    launcher().click();
    expect(counts.at(-1)).toBe(0);
  });

  it('when data attributes are set, then they win over the global config', async () => {
    win.StatefrontChatConfig = { title: 'Global title', position: 'bottom-left' };
    const { launcher, root } = install(snippet({ title: 'Ask us', open: 'true' }));
    await settle();
    expect(launcher().getAttribute('aria-label')).toContain('Ask us');
    expect(document.querySelector('[data-statefront-chat]')?.getAttribute('style')).toContain('left:20px');
    expect(root().querySelector('h2')?.textContent).toBe('Ask us');
    expect(root().querySelector<HTMLElement>('[role="dialog"]')?.hidden).toBe(false);
  });

  it('when the visitor presses Escape in the open panel, then it closes and focus returns to the launcher', async () => {
    const { root, launcher } = install(snippet());
    launcher().click();
    await settle();
    const textarea = root().querySelector('textarea')!;
    expect(root().activeElement).toBe(textarea);
    textarea.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(launcher().getAttribute('aria-expanded')).toBe('false');
    expect(root().querySelector<HTMLElement>('[role="dialog"]')?.hidden).toBe(true);
    expect(root().activeElement).toBe(launcher());
  });

  it('when identify is given an unsigned visitor, then it is refused with a warning and the handshake stays anonymous', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api, sockets } = install(snippet());
    api.identify({ ...identity, signature: 'not-hex' });
    api.open();
    await settle();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('identify needs'));
    expect(sockets.last().presented).toEqual([{}]);
    warn.mockRestore();
  });

  it('when identify is given a v2 signature in upper case or with bytes after it, then the loader refuses it before it travels', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api, sockets } = install(snippet());
    api.identify({ ...identity, signature: identity.signature.toUpperCase() });
    api.identify({ ...identity, signature: `${identity.signature}\n` });
    api.open();
    await settle();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(sockets.last().presented).toEqual([{}]);
    warn.mockRestore();
  });

  it('when a partner still passes a v1 identity, then it reaches the handshake for the shop to judge', async () => {
    const v1 = { id: 'u1', name: 'Ann', email: 'ann@example.com', signature: 'AB'.repeat(32) };
    const { api, sockets } = install(snippet());
    api.identify(v1);
    api.open();
    await settle();
    expect(sockets.last().presented).toEqual([{ identify: v1 }]);
  });
});
