// @vitest-environment happy-dom
import { act } from 'react';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '#machines/testing/fake-chat-socket.ts';
import { AdminAnalyticsPage } from '../features/admin/analytics/analytics-page.tsx';
import { AdminChatsPage, AdminUnreadDot } from '../features/chat/index.tsx';
import { Layout } from '../features/shell/layout.tsx';
import { useAuthActor } from '../lib/hooks.ts';
import { adminStorages } from '../testing/admin.ts';
import { click, getByRoleName, queryByText, settle } from '../testing/dom.ts';
import { mockFetch } from '../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../testing/render.tsx';

// The shop's own socket opener must never run here: every socket comes from the test's fake hub.
const realIo = vi.hoisted(() => vi.fn());
vi.mock('socket.io-client', () => ({ io: realIo }));
vi.mock('../lib/play-chat-sound.ts', () => ({ playChatSound: vi.fn() }));

setupComponentTests();
// The session's machine is fetched with import() once the user is an admin: load it up front,
// so each test's settle() finds it ready as a browser's cache would.
beforeAll(() => import('../lib/admin-session-actor.ts'));

const now = () => new Date('2026-11-27T15:00:00Z');
const order = { _id: 'o1', createdAt: '2026-11-27T15:05:00Z', orderTotal: { cartSubtotal: 4.5 } };

function LogoutButton() {
  const auth = useAuthActor();
  return (
    <button type="button" onClick={() => auth.send({ type: 'auth.logout' })}>
      Log out now
    </button>
  );
}

/** The admin's layout with the header's dot, the chats and the analytics side by side on one page. */
const renderAdminArea = (server: ReturnType<typeof fakeSockets>) =>
  renderWithApp(
    <Routes>
      <Route element={<Layout adminDot={<AdminUnreadDot />} />}>
        <Route
          path="*"
          element={
            <>
              <LogoutButton />
              <AdminChatsPage />
              <AdminAnalyticsPage now={now} />
            </>
          }
        />
      </Route>
    </Routes>,
    { raw: true, route: '/admin/chats', storages: adminStorages(), openSocket: server.factory },
  );

beforeEach(() => {
  realIo.mockClear();
  mockFetch({
    'GET /api/categories': { body: [] },
    'GET /api/orders/analysis/2026-11-27': { body: [] },
    'GET /api/orders/analysis/2026-11-26': { body: [] },
    'GET /api/logout': { body: {} },
  });
});

const fromCustomer = (server: ReturnType<typeof fakeSockets>, message: string) =>
  act(async () => server.latest().serverEmit('server sends message from client to admin', { user: 'sock-1', message, id: 1 }));

describe('the admin session provided by the layout', () => {
  it('when an admin has the header dot, the chats and the analytics open, then exactly one socket serves chats and live orders', async () => {
    const server = fakeSockets();
    const view = await renderAdminArea(server);
    await settle();
    await act(async () => server.latest().open());
    await settle();
    expect(server.sockets).toHaveLength(1);
    expect(realIo).not.toHaveBeenCalled();

    await fromCustomer(server, 'Is it in stock?');
    expect(queryByText(view.container, 'Is it in stock?')).not.toBeNull();
    expect(view.container.querySelector('[aria-label="Unread chat message"]')).not.toBeNull();

    await act(async () => server.latest().serverEmit('newOrder', order));
    expect(view.container.querySelector('[data-series="2026-11-27"] circle[data-hour="3 PM"]')?.getAttribute('data-value')).toBe('4.5');
    expect(server.sockets).toHaveLength(1);
  });

  it('when two admin layouts are mounted, then each has its own session: a message to one does not show in the other', async () => {
    const first = fakeSockets();
    const second = fakeSockets();
    const one = await renderAdminArea(first);
    const two = await renderAdminArea(second);
    await settle();
    expect([first.sockets.length, second.sockets.length]).toEqual([1, 1]);
    await act(async () => first.latest().open());
    await act(async () => second.latest().open());

    await fromCustomer(first, 'Only for the first');
    expect(queryByText(one.container, 'Only for the first')).not.toBeNull();
    expect(queryByText(two.container, 'Only for the first')).toBeNull();
    expect(two.container.querySelector('[aria-label="Unread chat message"]')).toBeNull();
  });

  it('when the admin logs out, then the session socket closes and its rooms go', async () => {
    const server = fakeSockets();
    const view = await renderAdminArea(server);
    await settle();
    await act(async () => server.latest().open());
    await fromCustomer(server, 'Hello');
    await click(getByRoleName(view.container, 'button', 'Log out now'));
    await settle();
    expect(server.latest().closed).toBe(true);
    expect(queryByText(view.container, 'Hello')).toBeNull();
  });
});
