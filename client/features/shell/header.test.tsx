// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../contracts/user.ts';
import { writeUser } from '../../../machines/auth/user-storage.ts';
import { totalsOf, writeCart } from '../../../machines/cart/cart-storage.ts';
import { memoryStorage } from '../../../machines/shared/storage.ts';
import { click, getByRoleName, queryByRoleName, queryByText, settle } from '../../app/testing/dom.ts';
import { mockFetch } from '../../app/testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../app/testing/render.tsx';
import { Header } from './header.tsx';

setupComponentTests();

const user: UserInfo = { _id: 'u1', name: 'John', lastName: 'Doe', email: 'john@example.com', isAdmin: false, doNotLogout: true };
const line = (productID: string, quantity: number) => ({ productID, name: `Product ${productID}`, price: 10.5, count: 9, quantity });

async function renderHeader({ items = [] as ReturnType<typeof line>[], who = null as UserInfo | null } = {}) {
  const local = memoryStorage();
  const session = memoryStorage();
  if (items.length) writeCart(local, totalsOf(items));
  if (who) writeUser(local, session, who);
  const calls = mockFetch({ 'GET /api/categories': { body: [] }, 'GET /api/logout': { body: { message: 'logged out' } } });
  const view = await renderWithApp(<Header adminDot={<span data-testid="dot">unread</span>} />, { storages: { local, session } });
  await settle();
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
    const { container } = await renderHeader({ items: [line('p1', 2), line('p2', 3)] });
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
    const { container, calls, path, local } = await renderHeader({ who: user, items: [line('p1', 1)] });
    await click(getByRoleName(container, 'button', 'Logout'));
    await settle();
    expect(calls.some((c) => c.url === '/api/logout')).toBe(true);
    expect(path()).toBe('/login');
    expect(getByRoleName(container, 'link', 'Cart, empty')).toBeTruthy();
    expect(local.getItem('userInfo')).toBeNull();
    expect(getByRoleName(container, 'link', 'Login')).toBeTruthy();
  });

  it('when an admin is logged in, then an Admin link to the orders shows with the chat slot and no user menu', async () => {
    const { container } = await renderHeader({ who: { ...user, isAdmin: true } });
    const admin = getByRoleName(container, 'link', /^Admin/);
    expect(admin.getAttribute('href')).toBe('/admin/orders');
    expect(admin.querySelector('[data-testid="dot"]')).not.toBeNull();
    expect(queryByText(container, 'My orders')).toBeNull();
  });
});
