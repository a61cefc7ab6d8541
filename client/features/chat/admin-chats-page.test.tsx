// @vitest-environment happy-dom
import { act } from 'react';
import type { ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets, type FakeSocket } from '#machines/testing/fake-chat-socket.ts';
import { AdminSessionProvider } from '../../lib/admin-session.tsx';
import { playChatSound } from '../../lib/play-chat-sound.ts';
import { adminStorages } from '../../testing/admin.ts';
import { click, getByLabelText, getByRoleName, queryByText, settle, typeInto } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { AdminChatsPage } from './admin-chats-page.tsx';
import { AdminUnreadDot } from './admin-unread-dot.tsx';

vi.mock('../../lib/play-chat-sound.ts', () => ({ playChatSound: vi.fn() }));

setupComponentTests();
// The admin session's machine is fetched with import() once the user is an admin: load it up
// front, so each test's settle() finds it ready as a browser's cache would.
beforeAll(() => import('../../lib/admin-session-actor.ts'));
// The close dialog and the History view are chunks of their own, fetched when first shown.
beforeAll(() => Promise.all([import('../../ui/confirm-dialog.tsx'), import('./admin-chat-history.tsx')]));

let server: ReturnType<typeof fakeSockets>;
beforeEach(() => {
  server = fakeSockets();
  vi.mocked(playChatSound).mockClear();
});

/** What the layout gives an admin: the session provider around the header's dot and the page. */
const renderAdmin = (ui: ReactNode, socket = server) =>
  renderWithApp(<AdminSessionProvider>{ui}</AdminSessionProvider>, { storages: adminStorages(), openSocket: socket.factory });

const dot = () => document.body.querySelector('[aria-label="Unread chat message"]');
const fromCustomer = (socket: FakeSocket, user: string, message: string, id: number, name?: string) =>
  act(async () => socket.serverEmit('server sends message from client to admin', { user, message, id, ...(name ? { name } : {}) }));

/** The header's dot and the chats page, as an admin sees them, connected. */
async function openChats() {
  await renderAdmin(
    <>
      <AdminUnreadDot />
      <AdminChatsPage />
    </>,
  );
  await settle();
  const socket = server.latest();
  await act(async () => socket.open());
  return socket;
}

describe('the admin chats', () => {
  it('when the header and the page both show, then one socket announces the admin on connecting', async () => {
    const socket = await openChats();
    expect(server.sockets).toHaveLength(1);
    expect(socket.sent('admin connected with server')).toHaveLength(1);
    expect(queryByText(document.body, /No customer is chatting right now/)).not.toBeNull();
  });

  it('when a customer writes, then their panel appears marked unread, the header shows the dot and the sound plays', async () => {
    const socket = await openChats();
    await fromCustomer(socket, 'sock-1', 'Where is my order?', 1, 'John Doe');
    expect(queryByText(document.body, 'Chat with John Doe')).not.toBeNull();
    expect(queryByText(document.body, 'Where is my order?')).not.toBeNull();
    expect(document.body.querySelector('[aria-label="Unread"]')).not.toBeNull();
    expect(dot()).not.toBeNull();
    expect(playChatSound).toHaveBeenCalledTimes(1);
  });

  it('when the admin replies, then the reply goes to that room and the unread marks clear', async () => {
    const socket = await openChats();
    await fromCustomer(socket, 'sock-1', 'Hello?', 1);
    await typeInto(getByLabelText<HTMLTextAreaElement>(document.body, 'Reply to a guest'), 'Hi, how can I help?');
    await click(getByRoleName(document.body, 'button', 'Submit'));
    expect(socket.sent('admin sends message')).toEqual([[{ user: 'sock-1', message: 'Hi, how can I help?' }, expect.any(String)]]);
    expect(queryByText(document.body, 'Hi, how can I help?')).not.toBeNull();
    expect(dot()).toBeNull();
    expect(document.body.querySelector('[aria-label="Unread"]')).toBeNull();
  });

  it('when two guests write, then each card names its guest and says since when they wait; an answer clears the wait', async () => {
    const socket = await openChats();
    const since = '2030-01-01T10:00:00.000Z';
    await act(async () =>
      socket.serverEmit('server sends message from client to admin', {
        user: 'g-1',
        message: 'Hi',
        id: 1,
        name: 'Guest 17',
        waitingSince: since,
      }),
    );
    await fromCustomer(socket, 'g-2', 'Hello', 1, 'Guest 18');
    expect(queryByText(document.body, 'Chat with Guest 17')).not.toBeNull();
    expect(queryByText(document.body, 'Chat with Guest 18')).not.toBeNull();
    const waiting = `Waiting since ${new Date(since).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`;
    expect(queryByText(document.body, waiting)).not.toBeNull();
    await typeInto(getByLabelText<HTMLTextAreaElement>(document.body, 'Reply to Guest 17'), 'Hello!');
    await click(getByRoleName(document.body, 'button', 'Submit'));
    expect(queryByText(document.body, waiting)).toBeNull();
  });

  it('when the admin closes a panel, then it asks first, the server is told and the panel returns only if the customer writes again', async () => {
    const socket = await openChats();
    await fromCustomer(socket, 'sock-1', 'Bye', 1);
    await click(getByRoleName(document.body, 'button', 'Close chat with a guest'));
    await settle();
    expect(queryByText(document.body, 'Close this conversation?')).not.toBeNull();
    await click(getByRoleName(document.body, 'button', 'Keep open'));
    expect(socket.sent('admin closes chat')).toEqual([]);
    await click(getByRoleName(document.body, 'button', 'Close chat with a guest'));
    await settle();
    await click(getByRoleName(document.body, 'button', 'Close'));
    expect(socket.sent('admin closes chat')).toEqual([[{ roomId: 'sock-1' }]]);
    expect(queryByText(document.body, 'Bye')).toBeNull();
    await fromCustomer(socket, 'sock-1', 'Actually, one more thing', 2);
    expect(queryByText(document.body, 'Actually, one more thing')).not.toBeNull();
  });

  it('when a customer leaves for good, then their panel goes', async () => {
    const socket = await openChats();
    await fromCustomer(socket, 'sock-1', 'Hello', 1);
    await act(async () => socket.serverEmit('disconnected', { reason: 'transport close', socketId: 'sock-1' }));
    expect(queryByText(document.body, 'Hello')).toBeNull();
  });

  it("when the connection comes back without recovery, then the page shows the hub's conversations, each message once and in order", async () => {
    const socket = await openChats();
    await fromCustomer(socket, 'sock-1', 'first', 1);
    socket.answers['chat conversations'] = () => ({
      ok: true,
      you: 'admin-1',
      conversations: [
        {
          user: 'sock-1',
          messages: [
            { id: 1, from: 'client', text: 'first' },
            { id: 2, from: 'admin', text: 'an answer' },
            { id: 3, from: 'client', text: 'second' },
          ],
        },
      ],
    });
    await act(async () => socket.drop());
    await act(async () => socket.open(false));
    // A late copy of a listed message (socket.io buffering) is not shown twice.
    await fromCustomer(socket, 'sock-1', 'second', 3);
    const shown = [...document.body.querySelectorAll('[role="log"] li p')].map((p) => p.textContent);
    expect(shown).toEqual(['first', 'an answer', 'second']);
    expect(dot()).not.toBeNull();
  });

  it('when a colleague answered a conversation first, then it shows who answers it and offers no reply or close', async () => {
    const socket = await openChats();
    await fromCustomer(socket, 'conv-1', 'Hello?', 1, 'Ann Lee');
    await act(async () =>
      socket.serverEmit('chat answered', { user: 'conv-1', message: 'Bob here', id: 2, by: { id: 'bob', name: 'Bob Admin' } }),
    );
    const panel = document.body.querySelector('section[aria-label="Chat with Ann Lee"]')!;
    expect(panel.textContent).toContain('Bob Admin wrote:');
    expect(panel.textContent).toContain('Bob Admin is answering this chat.');
    expect(panel.querySelector('textarea')).toBeNull();
    expect(panel.querySelector('[aria-label="Close chat with Ann Lee"]')).toBeNull();
  });

  it('when the hub refuses the admin, then its reason is shown', async () => {
    await renderAdmin(<AdminChatsPage />);
    await settle();
    const socket = server.latest();
    socket.answers['admin connected with server'] = () => ({
      ok: false,
      code: 'not admin',
      message: 'Only a logged-in administrator can do that; log in as an admin and reconnect',
    });
    await act(async () => socket.open());
    expect(queryByText(document.body, 'Only a logged-in administrator can do that; log in as an admin and reconnect')).not.toBeNull();
  });

  it('when the admin opens History and searches, then the closed conversations show newest first, a page at a time', async () => {
    const transcript = (id: string, name: string, text: string) => ({
      id,
      name,
      openedAt: '2030-01-01T10:00:00.000Z',
      closedAt: '2030-01-01T10:05:00.000Z',
      messages: [{ from: 'client', text, at: '2030-01-01T10:00:00.000Z' }],
    });
    const calls = mockFetch({
      'GET /api/chats/history': ({ url }) => {
        const q = new URL(url, 'http://localhost').searchParams.get('q');
        return q
          ? { body: { page: 1, pages: 1, total: 1, transcripts: [transcript('2', 'Guest 2', 'Do you ship to Malta?')] } }
          : {
              body: {
                page: 1,
                pages: 2,
                total: 21,
                transcripts: [transcript('3', 'Dan Doe', 'Gift wrap?'), transcript('2', 'Guest 2', 'Do you ship to Malta?')],
              },
            };
      },
    });
    await renderWithApp(
      <AdminSessionProvider>
        <AdminChatsPage />
      </AdminSessionProvider>,
      { storages: adminStorages(), openSocket: server.factory, route: '/admin/chats?view=history', pattern: '/admin/chats' },
    );
    await settle();
    const shown = () => [...document.body.querySelectorAll('article h3')].map((h) => h.textContent);
    expect(shown()).toEqual(['Dan Doe', 'Guest 2']);
    expect(queryByText(document.body, 'Page 1 of 2')).not.toBeNull();
    await typeInto(getByLabelText<HTMLInputElement>(document.body, 'Search by name, email or text'), 'malta');
    await click(getByRoleName(document.body, 'button', 'Search history'));
    await settle();
    expect(shown()).toEqual(['Guest 2']);
    expect(calls.map((c) => c.url)).toEqual(['/api/chats/history?q=&page=1', '/api/chats/history?q=malta&page=1']);
  });
});
