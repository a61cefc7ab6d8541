// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { AUTH_CHANNEL } from '#machines/auth/other-tabs.ts';
import type { UserInfo } from '#contracts/user.ts';
import { writeUser } from '#machines/auth/user-storage.ts';
import { totalsOf, writeCart } from '#machines/cart/cart-storage.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { liveAuthMachine } from '../../lib/machines.ts';
import { click, getByRoleName, queryByRoleName, queryByText, settle, settleUntil } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { Header } from './header.tsx';

setupComponentTests();

const user: UserInfo = {
  _id: 'u1',
  name: 'John',
  lastName: 'Doe',
  email: 'john@example.com',
  isAdmin: false,
  doNotLogout: true,
};
const line = (productID: string, quantity: number) => ({
  productID,
  name: `Product ${productID}`,
  price: 10.5,
  count: 9,
  quantity,
});

async function renderHeader({ items = [] as ReturnType<typeof line>[], who = null as UserInfo | null } = {}) {
  const local = memoryStorage();
  const session = memoryStorage();
  if (items.length) writeCart(local, totalsOf(items));
  if (who) writeUser(local, session, who);
  const calls = mockFetch({
    'GET /api/categories': { body: [] },
    'GET /api/logout': { body: { message: 'logged out' } },
  });
  const view = await renderWithApp(<Header adminDot={<span data-testid="dot">unread</span>} />, { storages: { local, session } });
  await settle();
  // A signed-in shopper's menu is a chunk of its own.
  if (who && !who.isAdmin) await settleUntil(() => queryByRoleName(view.container, 'button', /^John Doe/), 'the user menu');
  return { ...view, local, calls };
}

const badgeText = (container: HTMLElement) => getByRoleName(container, 'link', /^Cart/).querySelector('span')?.textContent ?? '';

describe('header', () => {
  it('when the cart is empty, then the cart badge is blank', async () => {
    const { container } = await renderHeader();
    const cart = getByRoleName(container, 'link', 'Cart, empty');
    expect(cart.getAttribute('href')).toBe('/cart');
    expect(cart.textContent).toBe('Cart');
  });

  it('when the cart holds two lines, then the badge shows the number of items, not of lines', async () => {
    const { container } = await renderHeader({
      items: [line('p1', 2), line('p2', 3)],
    });
    expect(getByRoleName(container, 'link', 'Cart, 5 items')).toBeTruthy();
    expect(badgeText(container)).toBe('5');
  });

  it('when a guest looks, then Login and Register are offered and no user menu', async () => {
    const { container } = await renderHeader();
    expect(getByRoleName(container, 'link', 'Login').getAttribute('href')).toBe('/login');
    expect(getByRoleName(container, 'link', 'Register').getAttribute('href')).toBe('/register');
    expect(queryByRoleName(container, 'link', 'Admin')).toBeNull();
  });

  it('when a user is logged in, then a menu titled with their name holds My orders, My profile and Logout', async () => {
    const { container } = await renderHeader({ who: user });
    expect(getByRoleName(container, 'button', /^John Doe/)).toBeTruthy();
    expect(getByRoleName(container, 'link', 'My orders').getAttribute('href')).toBe('/user/my-orders');
    expect(getByRoleName(container, 'link', 'My profile').getAttribute('href')).toBe('/user');
    expect(queryByRoleName(container, 'link', 'Login')).toBeNull();
    expect(queryByRoleName(container, 'link', 'Admin')).toBeNull();
  });

  it('when the user logs out, then the server is told, the cart is emptied and the login page opens', async () => {
    const { container, calls, path, local } = await renderHeader({
      who: user,
      items: [line('p1', 1)],
    });
    await click(getByRoleName(container, 'button', 'Logout'));
    await settle();
    expect(calls.some((c) => c.url === '/api/logout')).toBe(true);
    expect(path()).toBe('/login');
    expect(getByRoleName(container, 'link', 'Cart, empty')).toBeTruthy();
    expect(local.getItem('userInfo')).toBeNull();
    expect(getByRoleName(container, 'link', 'Login')).toBeTruthy();
  });

  it('when an admin is logged in, then an Admin link to the orders shows with the chat slot and no user menu', async () => {
    const { container } = await renderHeader({
      who: { ...user, isAdmin: true },
    });
    const admin = getByRoleName(container, 'link', /^Admin/);
    expect(admin.getAttribute('href')).toBe('/admin/orders');
    expect(admin.querySelector('[data-testid="dot"]')).not.toBeNull();
    expect(queryByText(container, 'My orders')).toBeNull();
  });

  it('when a new tab still asks the server who is logged in, then the header shows neither Login/Register nor a name, and says it is checking', async () => {
    let answer: (status: number) => void = () => undefined;
    mockFetch({
      'GET /api/categories': { body: [] },
      'GET /api/session': () =>
        new Promise(
          (resolve) =>
            (answer = (status) => resolve(status === 200 ? { body: { user } } : { status, body: { message: 'Please log in first' } })),
        ),
    });
    const session = memoryStorage();
    const { container } = await renderWithApp(<Header />, {
      storages: { local: memoryStorage(), session },
      authLogic: liveAuthMachine,
    });
    await settle();
    const nav = container.querySelector<HTMLElement>('nav[aria-label="Account and cart"]')!;
    expect(queryByRoleName(nav, 'link', 'Login')).toBeNull();
    expect(queryByRoleName(nav, 'link', 'Register')).toBeNull();
    expect(nav.querySelector('summary')).toBeNull();
    expect(nav.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(nav.querySelector('[role="status"]')?.textContent).toBe('Checking your session ...');

    await act(async () => answer(200));
    await settle();
    expect(getByRoleName(container, 'button', /^John Doe/)).toBeTruthy();
    expect(queryByText(container, 'Checking your session ...')).toBeNull();
    expect(JSON.parse(session.getItem('userInfo') ?? '{}')).toMatchObject({
      _id: 'u1',
      doNotLogout: false,
    });
  });

  it('when a new tab finds no session on the server, then Login and Register show', async () => {
    mockFetch({
      'GET /api/categories': { body: [] },
      'GET /api/session': {
        status: 401,
        body: { message: 'Please log in first' },
      },
    });
    const { container } = await renderWithApp(<Header />, {
      authLogic: liveAuthMachine,
    });
    await settle();
    expect(getByRoleName(container, 'link', 'Login')).toBeTruthy();
    expect(getByRoleName(container, 'link', 'Register')).toBeTruthy();
    expect(queryByText(container, 'Checking your session ...')).toBeNull();
  });

  it('when another tab logs in and later logs out, then this header shows the name, then Login and Register again', async () => {
    const { container } = await renderHeader();
    const otherTab = new BroadcastChannel(AUTH_CHANNEL);
    const hear = (message: unknown) => act(async () => otherTab.postMessage(message));
    try {
      await hear({ type: 'user', userInfo: { ...user, doNotLogout: false } });
      await settleUntil(() => queryByRoleName(container, 'button', /^John Doe/), "the other tab's user");
      expect(queryByRoleName(container, 'link', 'Login')).toBeNull();
      await hear({ type: 'loggedOut' });
      await settleUntil(() => queryByRoleName(container, 'link', 'Login'), 'Login after the other tab logged out');
      expect(queryByText(container, 'John Doe')).toBeNull();
    } finally {
      otherTab.close();
    }
  });
});
