// @vitest-environment happy-dom
import { useActorRef } from '@xstate/react';
import { CHAT_TEXTS } from '#contracts/chat.ts';
import { act } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '#machines/testing/fake-chat-socket.ts';
import { localTimeOf } from '#contracts/chat-history.ts';
import { playChatSound } from '../../lib/play-chat-sound.ts';
import { click, getByLabelText, getByRoleName, queryByRoleName, queryByText, settle, typeInto } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { renderWithApp as renderWith, setupComponentTests } from '../../testing/render.tsx';
import { writeUser } from '#machines/auth/user-storage.ts';
import { paymentMachine } from '#machines/checkout/payment.machine.ts';
import { useLendStep } from '../../lib/checkout-step.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { SupportChatWidget } from './support-chat-widget.tsx';

vi.mock('../../lib/play-chat-sound.ts', () => ({ playChatSound: vi.fn() }));

setupComponentTests();
// The panel is fetched with import() on the first open: load it up front, so each test's
// settle() finds it ready as a browser's cache would.
beforeAll(() => import('./support-chat-panel.tsx'));

let server: ReturnType<typeof fakeSockets>;
beforeEach(() => {
  server = fakeSockets();
  vi.mocked(playChatSound).mockClear();
});
/** The shop with this test's fake hub behind its socket. */
const renderWithApp = (ui: Parameters<typeof renderWith>[0]) => renderWith(ui, { openSocket: server.factory });

const box = () => getByLabelText<HTMLTextAreaElement>(document.body, 'Your message');
const pressEnter = async (shiftKey = false) => {
  await act(async () => {
    box().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey, bubbles: true, cancelable: true }));
  });
};
const texts = () => server.sockets.flatMap((s) => s.sent('client sends message').map((args) => args[0]));

/** Opens the widget and lets its socket connect. */
async function openChat() {
  const view = await renderWithApp(<SupportChatWidget />);
  await click(getByRoleName(document.body, 'button', 'Open support chat'));
  await settle();
  await act(async () => server.latest().open());
  return view;
}

describe('the support chat widget', () => {
  it('when the page shows, then nothing connects until the shopper opens the chat', async () => {
    await renderWithApp(<SupportChatWidget />);
    await settle();
    expect(server.sockets).toHaveLength(0);
    expect(queryByText(document.body, "Let's Chat - Online")).toBeNull();
    await click(getByRoleName(document.body, 'button', 'Open support chat'));
    await settle();
    expect(server.sockets).toHaveLength(1);
    expect(queryByText(document.body, "Let's Chat - Online")).not.toBeNull();
  });

  it("when the shopper arrives by the reply mail's link (#support-chat), then the chat opens and connects at once", async () => {
    window.location.hash = '#support-chat';
    try {
      await renderWithApp(<SupportChatWidget />);
      await settle();
      expect(server.sockets).toHaveLength(1);
      expect(queryByText(document.body, "Let's Chat - Online")).not.toBeNull();
    } finally {
      window.location.hash = '';
    }
  });

  it('when the shopper presses Enter, then the message is sent and shown as theirs; Shift+Enter and blanks send nothing', async () => {
    await openChat();
    await typeInto(box(), '   ');
    await pressEnter();
    await pressEnter(true);
    expect(texts()).toEqual([]);
    await typeInto(box(), 'Is the laptop in stock?');
    await pressEnter();
    expect(texts()).toEqual(['Is the laptop in stock?']);
    expect(queryByText(document.body, 'You wrote:')).not.toBeNull();
    expect(queryByText(document.body, 'Is the laptop in stock?')).not.toBeNull();
  });

  it('when Submit is pressed, then the box clears 200 ms later', async () => {
    await openChat();
    vi.useFakeTimers();
    await typeInto(box(), 'Hello');
    await click(getByRoleName(document.body, 'button', 'Submit'));
    expect(texts()).toEqual(['Hello']);
    await act(async () => void vi.advanceTimersByTime(199));
    expect(box().value).toBe('Hello');
    await act(async () => void vi.advanceTimersByTime(1));
    expect(box().value).toBe('');
  });

  it('when support answers with markup into the open chat, then it is shown as plain text under "Support wrote:", silently', async () => {
    await openChat();
    await act(async () => server.latest().serverEmit('server sends message from admin to client', '<b>Yes</b>, 3 left', { id: 1 }));
    expect(queryByText(document.body, 'Support wrote:')).not.toBeNull();
    expect(queryByText(document.body, '<b>Yes</b>, 3 left')).not.toBeNull();
    expect(document.body.querySelector('[role="log"] b')).toBeNull();
    // The shopper is reading the open panel: no sound, no dot.
    expect(playChatSound).not.toHaveBeenCalled();
    expect(document.body.querySelector('[aria-label="Unread message from support"]')).toBeNull();
  });

  it('when support answers while the chat is closed, then the launcher shows a red dot and the sound plays', async () => {
    await openChat();
    await click(getByRoleName(document.body, 'button', 'Close support chat'));
    await act(async () => server.latest().serverEmit('server sends message from admin to client', 'We are here', { id: 1 }));
    expect(document.body.querySelector('[aria-label="Unread message from support"]')).not.toBeNull();
    expect(playChatSound).toHaveBeenCalledTimes(1);
    await click(getByRoleName(document.body, 'button', 'Open support chat'));
    expect(document.body.querySelector('[aria-label="Unread message from support"]')).toBeNull();
    expect(queryByText(document.body, 'We are here')).not.toBeNull();
  });

  it('when Escape is pressed in the panel, then it minimises and the launcher has the focus', async () => {
    await openChat();
    await act(async () => {
      box().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    const launcher = getByRoleName(document.body, 'button', 'Open support chat');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(launcher);
  });

  it('when no admin is online, then "no admin here now" is shown, and that the message is kept for when support is back', async () => {
    await openChat();
    server.latest().answers['client sends message'] = () => ({ ok: false, code: 'no admin', message: 'no admin here now' });
    await typeInto(box(), 'Anyone?');
    await pressEnter();
    await act(async () => server.latest().serverEmit('no admin'));
    expect(queryByText(document.body, 'no admin here now')).not.toBeNull();
    expect(queryByText(document.body, CHAT_TEXTS.keptForLater)).not.toBeNull();
    expect(queryByRoleName(document.body, 'button', 'Submit')).not.toBeNull();
  });

  it('when the hub refuses a message, then its reason is shown', async () => {
    await openChat();
    server.latest().answers['client sends message'] = () => ({
      ok: false,
      code: 'rate limited',
      message: 'Too many messages: at most 5 every 1 s. Wait a moment and send again',
    });
    await typeInto(box(), 'Spam');
    await pressEnter();
    expect(queryByText(document.body, 'Too many messages: at most 5 every 1 s. Wait a moment and send again')).not.toBeNull();
  });

  it('when the admin closes the chat, then the conversation clears and the next message reconnects', async () => {
    await openChat();
    vi.useFakeTimers();
    const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
    const first = server.latest();
    await typeInto(box(), 'Thanks');
    await pressEnter();
    await tick(200);
    await act(async () => first.serverEmit('admin closed chat'));
    expect(queryByText(document.body, 'Admin closed chat. Type something and submit to reconnect')).not.toBeNull();
    expect(document.body.querySelectorAll('[role="log"] li strong')).toHaveLength(0);
    expect(first.closed).toBe(true);

    await typeInto(box(), 'One more question');
    await pressEnter();
    await tick(0);
    expect(server.sockets).toHaveLength(2);
    await act(async () => server.latest().open());
    expect(
      server
        .latest()
        .sent('client sends message')
        .map((a) => a[0]),
    ).toEqual(['One more question']);
    expect(queryByText(document.body, 'Admin closed chat. Type something and submit to reconnect')).toBeNull();
  });

  it('when a logged-in customer opens the chat, then their earlier conversations show above the new one, with when they shared their screen', async () => {
    const calls = mockFetch({
      'GET /api/chats/mine': {
        body: {
          transcripts: [
            {
              id: '4',
              name: 'Ann Lee',
              openedAt: '2030-01-01T10:00:00.000Z',
              closedAt: '2030-01-01T10:05:00.000Z',
              messages: [
                { from: 'client', text: 'Is the kettle back?', at: '2030-01-01T10:00:00.000Z' },
                { from: 'admin', text: 'Next week', at: '2030-01-01T10:01:00.000Z' },
                {
                  from: 'screen',
                  text: 'Shared screen from 10:02 UTC to 10:04 UTC',
                  since: '2030-01-01T10:02:00.000Z',
                  at: '2030-01-01T10:04:00.000Z',
                },
              ],
            },
          ],
        },
      },
    });
    const local = memoryStorage();
    const session = memoryStorage();
    writeUser(local, session, { _id: 'u1', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false });
    await renderWith(<SupportChatWidget />, { openSocket: server.factory, storages: { local, session } });
    await click(getByRoleName(document.body, 'button', 'Open support chat'));
    await settle();
    const earlier = document.body.querySelector('[aria-label="Earlier conversations with support"]');
    expect(earlier?.textContent).toContain('Is the kettle back?');
    expect(earlier?.textContent).toContain('Next week');
    // In the reader's own time zone, not the API's UTC.
    expect(earlier?.textContent).toContain(
      `Shared screen from ${localTimeOf('2030-01-01T10:02:00.000Z')} to ${localTimeOf('2030-01-01T10:04:00.000Z')}`,
    );
    expect(calls.map((c) => c.url)).toEqual(['/api/chats/mine']);
  });

  it('when a guest opens the chat, then no earlier conversations are asked for', async () => {
    const calls = mockFetch({});
    await openChat();
    expect(calls).toEqual([]);
    expect(document.body.querySelector('[aria-label="Earlier conversations with support"]')).toBeNull();
  });

  it('when the shopper shares their screen, then it is off until pressed, says what is shared, sends the page while on, and Stop sharing ends it', async () => {
    await openChat();
    const socket = server.latest();
    expect(
      queryByText(document.body, 'Support will see this page, your cart and your checkout step, never passwords or payment details.'),
    ).not.toBeNull();
    await settle();
    expect(socket.sent('screen update')).toEqual([]);
    await click(getByRoleName(document.body, 'button', 'Share my screen with support'));
    await vi.waitFor(() => expect(socket.sent('screen update').length).toBeGreaterThan(0));
    expect(socket.sent('screen share')).toEqual([[{ on: true }]]);
    expect(socket.sent('screen update')[0]![0]).toMatchObject({ path: '/', signedInAs: null, cart: [] });
    expect(queryByText(document.body, 'Support can see your screen')).not.toBeNull();
    await click(getByRoleName(document.body, 'button', 'Stop sharing'));
    expect(socket.sent('screen share').at(-1)).toEqual([{ on: false }]);
    expect(queryByRoleName(document.body, 'button', 'Share my screen with support')).not.toBeNull();
  });

  it('when a page runs the payment machine, then the shared screen says the checkout step from its state, not from the address', async () => {
    function OrderPayment() {
      useLendStep(
        'payment',
        useActorRef(paymentMachine, { input: { orderId: 'o1', paymentMethod: 'cod', cartSubtotal: 5, isPaid: false } }),
      );
      return null;
    }
    await renderWithApp(
      <>
        <SupportChatWidget />
        <OrderPayment />
      </>,
    );
    await click(getByRoleName(document.body, 'button', 'Open support chat'));
    await settle();
    const socket = server.latest();
    await act(async () => socket.open());
    await click(getByRoleName(document.body, 'button', 'Share my screen with support'));
    await vi.waitFor(() => expect(socket.sent('screen update').length).toBeGreaterThan(0));
    expect(socket.sent('screen update').at(-1)![0]).toMatchObject({ path: '/', step: 'Checkout › Payment › Cash on delivery' });
  });

  it('when support asks to see the screen, then the panel asks with Share and Not now; Not now shares nothing', async () => {
    await openChat();
    const socket = server.latest();
    await act(async () => socket.serverEmit('screen asked'));
    expect(queryByText(document.body, 'Support asks to see your screen')).not.toBeNull();
    await click(getByRoleName(document.body, 'button', 'Not now'));
    expect(socket.sent('screen share')).toEqual([[{ on: false }]]);
    expect(socket.sent('screen update')).toEqual([]);
    expect(queryByText(document.body, 'Support asks to see your screen')).toBeNull();
  });
});
