// @vitest-environment happy-dom
import { Route, Routes } from 'react-router-dom';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '#contracts/user.ts';
import { AUTH_CHANNEL } from '#machines/auth/other-tabs.ts';
import { writeUser } from '#machines/auth/user-storage.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { liveAuthMachine } from '../lib/machines.ts';
import { RouteGuard } from './guard.tsx';
import { getByLabelText, queryByText, settle, settleUntil, submit, typeInto } from '../testing/dom.ts';
import { mockFetch, type MockRoute } from '../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../testing/render.tsx';

setupComponentTests();

const tree = (
  <Routes>
    <Route path="/" element={<h1>Home page</h1>} />
    <Route element={<RouteGuard area="user" />}>
      <Route path="/user/cart-details" element={<h1>Checkout page</h1>} />
    </Route>
    <Route element={<RouteGuard area="admin" />}>
      <Route path="/admin/orders" element={<h1>Orders page</h1>} />
    </Route>
  </Routes>
);

const ann: UserInfo = {
  _id: 'u1',
  name: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  isAdmin: false,
};

async function renderGuarded(route: string, routes: Record<string, MockRoute>, options: Parameters<typeof renderWithApp>[1] = {}) {
  const calls = mockFetch(routes);
  const view = await renderWithApp(tree, { route, raw: true, ...options });
  await settle();
  return { ...view, calls };
}

const heading = (c: HTMLElement) => c.querySelector('h1')?.textContent ?? null;

describe('route guard', () => {
  it('when the server has not answered yet, then a skeleton holds the place and the page is not shown', async () => {
    const { container } = await renderGuarded(
      '/user/cart-details',
      { 'GET /api/get-token': () => new Promise(() => undefined) },
      { session: ann },
    );
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(queryByText(container, 'Checkout page')).toBeNull();
  });

  it('when there is no session, then the login form shows in place of the page at the same address', async () => {
    const { container, path } = await renderGuarded('/user/cart-details', {
      'GET /api/get-token': { status: 401, body: { message: 'no session' } },
    });
    expect(heading(container)).toBe('Login');
    expect(getByLabelText(container, 'Email address')).toBeTruthy();
    expect(path()).toBe('/user/cart-details');
  });

  it('when a logged-in non-admin opens an admin route, then they are sent home', async () => {
    const { container, path } = await renderGuarded(
      '/admin/orders',
      { 'GET /api/get-token': { body: { token: 'x', isAdmin: false } } },
      { session: ann },
    );
    expect(path()).toBe('/');
    expect(heading(container)).toBe('Home page');
  });

  it('when an admin opens an admin route, then the page renders', async () => {
    const { container } = await renderGuarded(
      '/admin/orders',
      { 'GET /api/get-token': { body: { token: 'x', isAdmin: true } } },
      { session: { ...ann, isAdmin: true } },
    );
    expect(heading(container)).toBe('Orders page');
  });

  it('when a user logs in through the form the guard shows, then the guard asks again and the asked-for page renders', async () => {
    let session = false;
    const { container, path } = await renderGuarded('/user/cart-details', {
      'GET /api/get-token': () => (session ? { body: { token: 'x', isAdmin: false } } : { status: 401, body: { message: 'no session' } }),
      'POST /api/users/login': () => {
        session = true;
        return {
          body: {
            success: 'user logged in',
            userLoggedIn: {
              _id: 'u1',
              name: 'A',
              lastName: 'B',
              email: 'a@b.co',
              isAdmin: false,
            },
          },
        };
      },
    });
    expect(heading(container)).toBe('Login');
    await typeInto(getByLabelText(container, 'Email address'), 'a@b.co');
    await typeInto(getByLabelText(container, 'Password'), 'secret1');
    await submit(container.querySelector('form') as HTMLFormElement);
    await settle();
    expect(heading(container)).toBe('Checkout page');
    expect(path()).toBe('/user/cart-details');
  });

  it('when a new tab still asks the server who its session is, then the skeleton shows, not the page nor the login form', async () => {
    const { container } = await renderGuarded(
      '/user/cart-details',
      {
        'GET /api/session': () => new Promise(() => undefined),
        'GET /api/get-token': { body: { token: 'not admin', isAdmin: false } },
      },
      { authLogic: liveAuthMachine },
    );
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(queryByText(container, 'Checkout page')).toBeNull();
    expect(heading(container)).toBeNull();
  });

  it('when a new tab finds the server session, then the user is restored and the asked-for page renders', async () => {
    const session = memoryStorage();
    const { container } = await renderGuarded(
      '/user/cart-details',
      {
        'GET /api/session': { body: { user: ann } },
        'GET /api/get-token': { body: { token: 'not admin', isAdmin: false } },
      },
      {
        authLogic: liveAuthMachine,
        storages: { local: memoryStorage(), session },
      },
    );
    expect(heading(container)).toBe('Checkout page');
    expect(JSON.parse(session.getItem('userInfo') ?? 'null')).toEqual({
      ...ann,
      doNotLogout: false,
    });
  });

  it('when the tab settles with nobody logged in though the token check passed, then the login form shows instead of a page waiting for a user', async () => {
    const { container } = await renderGuarded(
      '/user/cart-details',
      {
        'GET /api/get-token': { body: { token: 'not admin', isAdmin: false } },
      },
      { session: null },
    );
    expect(heading(container)).toBe('Login');
    expect(queryByText(container, 'Checkout page')).toBeNull();
  });

  it('when another tab logs out while a guarded page shows, then the login form shows in its place at the same address', async () => {
    const local = memoryStorage();
    const session = memoryStorage();
    writeUser(local, session, ann);
    const { container, path } = await renderGuarded(
      '/user/cart-details',
      {
        'GET /api/get-token': { body: { token: 'not admin', isAdmin: false } },
      },
      { storages: { local, session } },
    );
    expect(heading(container)).toBe('Checkout page');
    const otherTab = new BroadcastChannel(AUTH_CHANNEL);
    try {
      await act(async () => otherTab.postMessage({ type: 'loggedOut' }));
      await settleUntil(() => heading(container) === 'Login' || null, 'the login form after the other tab logged out');
      expect(path()).toBe('/user/cart-details');
      expect(session.getItem('userInfo')).toBeNull();
    } finally {
      otherTab.close();
    }
  });
});
