// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_EVENTS, CHAT_TEXTS, SOCKET_EVENTS } from '#contracts/chat.ts';
import { SCREEN_EVENTS } from '#contracts/shared-screen.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import type { MountOptions } from '../shared/types.ts';
import { fakeSocketFactory } from '../testing/fake-socket.ts';
import { createMount } from './mount.ts';

const identity = { id: 'u1', name: 'Ann', email: 'ann@example.com', signature: 'a'.repeat(64) };

const setup = (overrides: Partial<MountOptions> = {}, storage = memoryStorage()) => {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const sockets = fakeSocketFactory();
  const sounds: string[] = [];
  const unread: number[] = [];
  const widget = createMount({ createSocket: sockets.create, playSound: (url) => sounds.push(url), storage: () => storage })({
    root,
    shopOrigin: 'http://shop.test',
    assetBase: 'http://shop.test/widgets/',
    title: CHAT_TEXTS.title,
    position: 'bottom-right',
    identity: null,
    onUnread: (count) => unread.push(count),
    onClose: () => undefined,
    onIdentifyFailed: () => undefined,
    ...overrides,
  });
  const $ = <T extends Element>(selector: string) => root.querySelector<T>(selector);
  const textarea = () => $<HTMLTextAreaElement>('textarea')!;
  const type = (text: string) => {
    textarea().value = text;
    textarea().dispatchEvent(new Event('input', { bubbles: true }));
  };
  const press = (key: string, shiftKey = false) =>
    textarea().dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }));
  const bubbles = () => [...root.querySelectorAll('.bubble')].map((b) => b.textContent);
  return { root, widget, sockets, sounds, unread, $, textarea, type, press, bubbles, storage };
};

beforeEach(() => vi.useFakeTimers());
// Each test starts on an empty head, and the head goes back as it was found: the worker's next
// files share this document (vitest.config.ts), emotion's style tags included.
let headAsFound: ChildNode[] = [];
beforeEach(() => {
  headAsFound = [...document.head.childNodes];
  document.head.replaceChildren();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
  document.head.replaceChildren(...headAsFound);
});

describe('chat widget panel', () => {
  it('when opened, then the titled dialog with a labelled text area and Submit sits inside the shadow root only', () => {
    const { widget, root, $ } = setup();
    widget.open();
    const dialog = $<HTMLElement>('[role="dialog"]')!;
    expect(dialog.hidden).toBe(false);
    expect(root.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent).toBe("Let's Chat - Online");
    const textarea = $<HTMLTextAreaElement>('textarea')!;
    expect(root.querySelector(`label[for="${textarea.id}"]`)?.textContent).toBeTruthy();
    expect($('button[type="submit"]')?.textContent).toBe('Submit');
    expect($('[role="log"]')?.getAttribute('aria-live')).toBe('polite');
    expect(document.querySelector('textarea, [role="dialog"]')).toBeNull();
    expect(document.head.querySelector('style')).toBeNull();
  });

  it('when the host page styles buttons and text, then the widget inside the shadow root is not affected', () => {
    const pageStyle = document.createElement('style');
    pageStyle.textContent = 'button { color: rgb(255, 0, 0) !important; } .submit { display: none !important; }';
    document.head.append(pageStyle);
    const { widget, $ } = setup();
    widget.open();
    const pageButton = document.body.appendChild(document.createElement('button'));
    expect(getComputedStyle(pageButton).color).toBe('rgb(255, 0, 0)');
    const submit = $<HTMLButtonElement>('.submit')!;
    expect(getComputedStyle(submit).color).not.toBe('rgb(255, 0, 0)');
    expect(getComputedStyle(submit).display).not.toBe('none');
  });

  it('when the visitor presses Enter, then the text goes to the shop and shows as "You wrote:"; the box clears after 200 ms', () => {
    const { widget, sockets, type, press, bubbles, textarea } = setup();
    widget.open();
    sockets.last().accept();
    type('  Where is my order?  ');
    press('Enter');
    expect(sockets.last().sent(SOCKET_EVENTS.clientSendsMessage)).toEqual([['Where is my order?', expect.any(String)]]);
    expect(bubbles()).toEqual(['You wrote:Where is my order?']);
    vi.advanceTimersByTime(199);
    expect(textarea().value).toBe('  Where is my order?  ');
    vi.advanceTimersByTime(1);
    expect(textarea().value).toBe('');
  });

  it('when the visitor types on while the box waits to clear, then the sent text goes and what they typed after it stays', () => {
    const { widget, sockets, type, press, textarea } = setup();
    widget.open();
    sockets.last().accept();
    type('Do you ship');
    press('Enter');
    sockets.last().ack(SOCKET_EVENTS.clientSendsMessage, { ok: true, id: 1 });
    vi.advanceTimersByTime(100);
    type('Do you ship to Oslo?');
    vi.advanceTimersByTime(100);
    expect(textarea().value).toBe('to Oslo?');
    press('Enter');
    expect(
      sockets
        .last()
        .sent(SOCKET_EVENTS.clientSendsMessage)
        .map(([text]) => text),
    ).toEqual(['Do you ship', 'to Oslo?']);
  });

  it('when the visitor presses Shift+Enter or sends only whitespace, then nothing is sent', () => {
    const { widget, sockets, type, press, $ } = setup();
    widget.open();
    sockets.last().accept();
    type('first line');
    press('Enter', true);
    type('   \n  ');
    press('Enter');
    $<HTMLFormElement>('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(sockets.last().sent(SOCKET_EVENTS.clientSendsMessage)).toEqual([]);
  });

  it('when an admin message contains markup, then it shows as plain text under "Support wrote:"', () => {
    const { widget, sockets, root, bubbles } = setup();
    widget.open();
    sockets.last().accept();
    sockets.last().fromServer(SOCKET_EVENTS.serverToClient, '<img src=x onerror="window.hacked=1">');
    expect(root.querySelector('img')).toBeNull();
    expect(bubbles()).toEqual(['Support wrote:<img src=x onerror="window.hacked=1">']);
  });

  it('when an admin writes while the panel is closed, then the sound plays and the unread count rises until the panel opens', () => {
    const { widget, sockets, sounds, unread, $ } = setup();
    sockets.last().accept();
    sockets.last().fromServer(SOCKET_EVENTS.serverToClient, 'Hello');
    sockets.last().fromServer(SOCKET_EVENTS.serverToClient, 'Still there?');
    expect(sounds).toEqual(['http://shop.test/widgets/chat-msg.mp3', 'http://shop.test/widgets/chat-msg.mp3']);
    expect(unread).toEqual([1, 2]);
    expect($<HTMLElement>('h2 .dot')!.hidden).toBe(false);
    widget.open();
    expect(unread.at(-1)).toBe(0);
    expect($<HTMLElement>('h2 .dot')!.hidden).toBe(true);
  });

  it('when no admin is online or the admin closes the chat, then the spec texts show; the next message reconnects', () => {
    const { widget, sockets, type, press, $, bubbles } = setup();
    widget.open();
    sockets.last().accept();
    sockets.last().fromServer(SOCKET_EVENTS.noAdmin);
    expect($('[role="status"]')?.textContent).toBe('no admin here now');
    sockets.last().fromServer(SOCKET_EVENTS.adminClosedChat);
    expect($('[role="status"]')?.textContent).toBe('Admin closed chat. Type something and submit to reconnect');
    expect(bubbles()).toEqual([]);
    type('back again');
    press('Enter');
    expect(sockets.sockets).toHaveLength(2);
    sockets.last().accept();
    expect(sockets.last().sent(SOCKET_EVENTS.clientSendsMessage)).toEqual([['back again', expect.any(String)]]);
    expect($('[role="status"]')?.textContent).toBe('');
  });
});

describe('chat widget socket', () => {
  it('when the widget connects, then it goes to the shop origin with the spec options and no credentials', () => {
    const { sockets } = setup();
    expect(sockets.last().origin).toBe('http://shop.test');
    expect(sockets.last().options).toMatchObject({
      path: '/socket.io',
      withCredentials: false,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20_000,
    });
    expect(sockets.last().presented).toEqual([{}]);
  });

  it('when an identity was given, then the handshake carries it as auth.identify', () => {
    const { sockets } = setup({ identity });
    expect(sockets.last().presented).toEqual([{ identify: identity }]);
  });

  it('when identify is called while connected, then the socket reconnects and presents it', () => {
    const { widget, sockets } = setup();
    sockets.last().accept();
    widget.identify(identity);
    expect(sockets.last().presented).toEqual([{}, { identify: identity }]);
  });

  it('when the shop refuses the identity, then the widget says so and later handshakes go without it', () => {
    const failed = vi.fn();
    const { sockets } = setup({ identity, onIdentifyFailed: failed });
    sockets.last().accept();
    sockets.last().fromServer('identify failed', { code: 'identify failed', message: 'identify failed: the signature does not match' });
    expect(failed).toHaveBeenCalledOnce();
    sockets.last().drop();
    expect(sockets.last().presented).toEqual([{ identify: identity }, {}]);
  });

  it('when socket.io recovers the connection, then nothing is asked again', () => {
    const { sockets } = setup();
    sockets.last().accept();
    sockets.last().drop();
    sockets.last().accept(true);
    // Only the first connection's fetch of the kept conversation.
    expect(sockets.last().sent(CHAT_EVENTS.replay)).toEqual([[{ after: 0 }]]);
  });

  it('when the partner page is reloaded, then the widget asks the shop to keep the conversation and shows it so far', () => {
    const again = setup({ identity });
    // No id of its own: the shop picks the conversation by the signed identity (decision 013).
    expect(again.sockets.last().handshakes[0]).toEqual({ keep: true, identify: identity });
    again.sockets.last().history = [
      { id: 1, from: 'client', text: 'Is the blue one in stock?' },
      { id: 2, from: 'admin', text: 'Yes, two left' },
    ];
    again.widget.open();
    again.sockets.last().accept();
    expect(again.bubbles()).toEqual(['You wrote:Is the blue one in stock?', 'Support wrote:Yes, two left']);
  });

  it('when the shop gives an anonymous visitor a token, then the next page presents it, and never with a signed identity', () => {
    const token = 'T'.repeat(43);
    const first = setup();
    first.sockets.last().accept();
    expect(first.sockets.last().handshakes[0]).toEqual({ keep: true });
    first.sockets.last().fromServer(CHAT_EVENTS.visitor, { token });

    const again = setup({}, first.storage);
    expect(again.sockets.last().handshakes[0]).toEqual({ keep: true, visitor: token });
    expect(setup({ identity }, first.storage).sockets.last().handshakes[0]).toEqual({ keep: true, identify: identity });
  });

  it('when a guest who chatted is identified on the page, then the new handshake presents the identity beside their token', () => {
    const token = 'T'.repeat(43);
    const first = setup();
    first.sockets.last().accept();
    first.sockets.last().fromServer(CHAT_EVENTS.visitor, { token });
    first.widget.identify(identity);
    expect(first.sockets.last().handshakes.at(-1)).toEqual({ keep: true, identify: identity, visitor: token });
  });

  it('when the shop refuses a message as too fast, then its reason shows until a send succeeds', () => {
    const { widget, sockets, type, press, $ } = setup();
    widget.open();
    sockets.last().accept();
    type('hello');
    press('Enter');
    sockets.last().ack(SOCKET_EVENTS.clientSendsMessage, { ok: false, code: 'rate limited', message: 'Too many messages: wait a moment' });
    expect($('.notice')?.textContent).toBe('Too many messages: wait a moment');
    vi.advanceTimersByTime(200);
    type('hello again');
    press('Enter');
    sockets.last().ack(SOCKET_EVENTS.clientSendsMessage, { ok: true, id: 7 });
    expect($('.notice')?.textContent).toBe('');
  });

  it('when the shop cannot be reached, then the message says it was not delivered and is kept; Retry tries now, and it goes once the shop answers', () => {
    const { widget, sockets, type, press, $, root } = setup();
    widget.open();
    sockets.last().fromServer('connect_error', new Error('xhr poll error'));
    type('Is this in stock?');
    press('Enter');
    expect(root.querySelector('.you.failed')?.textContent).toBe('You wrote:Is this in stock?');
    expect($('[role="alert"]')?.textContent).toContain(CHAT_TEXTS.notDelivered);
    const tries = sockets.last().handshakes.length;
    $<HTMLButtonElement>('[role="alert"] button')!.click();
    expect(sockets.last().handshakes.length).toBe(tries + 1);
    sockets.last().accept();
    expect(sockets.last().sent(SOCKET_EVENTS.clientSendsMessage)).toEqual([['Is this in stock?', expect.any(String)]]);
    expect(root.querySelector('.failed')).toBeNull();
    expect($<HTMLElement>('[role="alert"]')!.hidden).toBe(true);
  });

  it('when the visitor shares this page, then support gets its address and title as they change, the next page shares on, and Stop sharing ends it', () => {
    const { widget, sockets, $, storage } = setup();
    widget.open();
    sockets.last().accept();
    const press = (label: string) =>
      [...$('#statefront-chat-panel')!.querySelectorAll('button')].find((b) => b.textContent === label)!.click();
    document.title = 'Hiking boots';
    press('Share this page with support');
    expect(sockets.last().sent(SCREEN_EVENTS.share)).toEqual([[{ on: true }]]);
    expect(sockets.last().sent(SCREEN_EVENTS.update)).toEqual([
      [expect.objectContaining({ path: location.href, title: 'Hiking boots', cart: [] })],
    ]);
    history.pushState({}, '', '/tents');
    document.title = 'Tents';
    vi.advanceTimersByTime(500);
    expect(sockets.last().sent(SCREEN_EVENTS.update).at(-1)).toEqual([expect.objectContaining({ path: location.href, title: 'Tents' })]);
    // The site's next page: the widget shares on without being asked again.
    const next = setup({}, storage);
    next.sockets.last().accept();
    expect(next.sockets.last().sent(SCREEN_EVENTS.share)).toEqual([[{ on: true }]]);
    press('Stop sharing');
    expect(sockets.last().sent(SCREEN_EVENTS.share).at(-1)).toEqual([{ on: false }]);
    expect(storage.getItem('statefront-chat-sharing')).toBeNull();
  });
});
