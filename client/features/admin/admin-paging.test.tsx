// @vitest-environment happy-dom
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '#contracts/product.ts';
import type { User } from '#contracts/user.ts';
import { writeUser } from '#machines/auth/user-storage.ts';
import { codOrder } from '#machines/order/fixtures.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { click, getByRoleName, getByText, queryByText, settle, submit } from '../../testing/dom.ts';
import { type FetchCall, mockFetch } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { AdminOrdersPage } from './orders/orders-page.tsx';
import { AdminProductsPage } from './products/products-page.tsx';
import { AdminEditUserPage } from './users/edit-user-page.tsx';
import { AdminUsersPage } from './users/users-page.tsx';

setupComponentTests();

const admin = { _id: 'a1', name: 'Ada', lastName: 'Admin', email: 'admin@admin.com', isAdmin: true, doNotLogout: false };
const asAdmin = () => {
  const local = memoryStorage();
  const session = memoryStorage();
  writeUser(local, session, admin);
  return { local, session };
};

/** A list of `total` rows answered a page at a time, as the API does with `?page=&limit=`. */
const pagedList =
  <T,>(total: number, row: (n: number) => T) =>
  (req: FetchCall) => {
    const query = new URL(req.url, 'http://localhost').searchParams;
    const limit = Number(query.get('limit'));
    const from = (Number(query.get('page')) - 1) * limit;
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => row(from + i + 1));
    return { body: rows, headers: { 'X-Total-Count': String(total) } };
  };
const pagesAsked = (calls: FetchCall[], path: string) =>
  calls
    .filter((c) => c.method === 'GET' && new URL(c.url, 'http://localhost').pathname === path)
    .map((c) => new URL(c.url, 'http://localhost').search);

const order = (n: number) => ({ ...codOrder, _id: `o${n}`, user: { ...codOrder.user, name: `Buyer${n}` } });
const user = (n: number): User => ({
  _id: `u${n}`,
  name: `User${n}`,
  lastName: 'Doe',
  email: `u${n}@x.com`,
  isAdmin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  phoneNumber: '1',
  address: 'Main 1',
  country: 'PL',
  zipCode: '00',
  city: 'Town',
  state: 'S',
});
const product = (n: number) => ({ _id: `p${n}`, name: `Product ${n}`, price: 10, category: 'Books' }) as ProductSummary;
const firstCells = (root: HTMLElement) => [...root.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('td')?.textContent);

describe('admin tables a page at a time', () => {
  it('when the orders are 45, then page 1 of 3 shows 20 rows, and Next fetches page 2 and keeps it in the URL', async () => {
    const calls = mockFetch({ 'GET /api/orders/admin': pagedList(45, order) });
    const { container, path } = await renderWithApp(<AdminOrdersPage />, { route: '/admin/orders', storages: asAdmin() });
    await settle(10);
    expect(pagesAsked(calls, '/api/orders/admin')).toEqual(['?page=1&limit=20']);
    const nav = container.querySelector('nav[aria-label="Orders pages"]')!;
    expect(nav).not.toBeNull();
    expect(getByText(nav as HTMLElement, 'Page 1 of 3')).not.toBeNull();
    expect(getByRoleName(container, 'link', 'Page 1').getAttribute('aria-current')).toBe('page');
    expect(firstCells(container)).toHaveLength(20);

    await click(getByRoleName(container, 'link', 'Next page'));
    await settle(10);
    expect(path()).toBe('/admin/orders?page=2');
    expect(pagesAsked(calls, '/api/orders/admin').at(-1)).toBe('?page=2&limit=20');
    expect(queryByText(container, 'Page 2 of 3')).not.toBeNull();
    expect(getByRoleName(container, 'link', 'Page 2').getAttribute('aria-current')).toBe('page');
    // Each row is named by its order's number: page 2 starts at the list's 21st order.
    expect(firstCells(container)[0]).toBe('Order #O21');
    // The links were replaced while page 2 loaded: the one followed has the focus again.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Next page');
    expect(document.activeElement?.closest('nav')?.getAttribute('aria-label')).toBe('Orders pages');
  });

  it('when the URL names page 3, then page 3 is fetched; a page number that is not one is page 1, never a 400', async () => {
    const calls = mockFetch({ 'GET /api/orders/admin': pagedList(45, order) });
    const { container } = await renderWithApp(<AdminOrdersPage />, { route: '/admin/orders?page=3', storages: asAdmin() });
    await settle(10);
    expect(pagesAsked(calls, '/api/orders/admin')).toEqual(['?page=3&limit=20']);
    expect(firstCells(container)).toEqual(['Order #O41', 'Order #O42', 'Order #O43', 'Order #O44', 'Order #O45']);

    const again = mockFetch({ 'GET /api/orders/admin': pagedList(45, order) });
    await renderWithApp(<AdminOrdersPage />, { route: '/admin/orders?page=abc', storages: asAdmin() });
    await settle(10);
    expect(pagesAsked(again, '/api/orders/admin')).toEqual(['?page=1&limit=20']);
  });

  it('when a page past the last is asked (its last row was deleted), then the last page replaces it', async () => {
    const calls = mockFetch({ 'GET /api/products/admin': pagedList(25, product) });
    const { container, path } = await renderWithApp(<AdminProductsPage />, { route: '/admin/products?page=4', storages: asAdmin() });
    await settle(10);
    expect(path()).toBe('/admin/products?page=2');
    expect(pagesAsked(calls, '/api/products/admin')).toEqual(['?page=4&limit=20', '?page=2&limit=20']);
    expect(firstCells(container)).toHaveLength(5);
  });

  it('when a user is deleted on page 2, then page 2 is fetched again', async () => {
    const calls = mockFetch({ 'GET /api/users': pagedList(30, user), 'DELETE /api/users/u25': { body: 'user removed' } });
    const { container, path } = await renderWithApp(<AdminUsersPage />, { route: '/admin/users?page=2', storages: asAdmin() });
    await settle(10);
    await click(getByRoleName(container, 'button', 'Delete u25@x.com'));
    await click(getByRoleName(document.body, 'button', 'Yes'));
    await settle(10);
    expect(pagesAsked(calls, '/api/users')).toEqual(['?page=2&limit=20', '?page=2&limit=20']);
    expect(path()).toBe('/admin/users?page=2');
  });

  it('when a user on page 2 is edited and saved, then the list comes back on page 2', async () => {
    mockFetch({
      'GET /api/users': pagedList(30, user),
      'GET /api/users/u25': { body: user(25) },
      'PUT /api/users/u25': { body: 'user updated' },
    });
    const { container, path } = await renderWithApp(
      <Routes>
        <Route path="/admin/users" element={<AdminUsersPage />} />
        <Route path="/admin/edit-user/:id" element={<AdminEditUserPage />} />
      </Routes>,
      { route: '/admin/users?page=2', storages: asAdmin(), raw: true },
    );
    await settle(10);
    await click(getByRoleName(container, 'link', 'Edit u25@x.com'));
    await settle(10);
    expect(path()).toBe('/admin/edit-user/u25');
    await submit(container.querySelector('form')!);
    await settle(10);
    expect(path()).toBe('/admin/users?page=2');
  });
});
