// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { writeUser } from '#machines/auth/user-storage.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { click, getByRoleName, settle } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { AdminOrderDetailsPage } from './orders/order-details-page.tsx';
import { AdminEditProductPage } from './products/edit-product-page.tsx';
import { AdminEditUserPage } from './users/edit-user-page.tsx';

setupComponentTests();

const admin = { _id: 'a1', name: 'Ada', lastName: 'Admin', email: 'admin@admin.com', isAdmin: true, doNotLogout: false };

const pages: Array<[string, ReactNode, string, string]> = [
  ['order details', <AdminOrderDetailsPage />, '/admin/order-details/:id', 'GET /api/orders/user/x1'],
  ['edit user', <AdminEditUserPage />, '/admin/edit-user/:id', 'GET /api/users/x1'],
  ['edit product', <AdminEditProductPage />, '/admin/edit-product/:id', 'GET /api/products/get-one/x1'],
];

describe('admin details pages (spec section 6: a failing admin data call logs out)', () => {
  it.each(pages)(
    'when the %s data call fails, then the admin is logged out and sent to the login page',
    async (_name, page, pattern, call) => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const calls = mockFetch({
        [call]: { status: 500, body: { message: 'down' } },
        'GET /api/logout': { body: {} },
        'GET /api/categories': { body: [] },
      });
      const local = memoryStorage();
      const session = memoryStorage();
      writeUser(local, session, admin);
      const view = await renderWithApp(page, { route: pattern.replace(':id', 'x1'), pattern, storages: { local, session } });
      await settle(10);
      const made = calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`);
      expect(made).toContain(call);
      expect(made).toContain('GET /api/logout');
      expect(view.path()).toBe('/login');
    },
  );

  it.each(pages)(
    'when the %s data call gets no answer (offline, or the page is leaving), then the admin stays, sees why, and Try again asks again',
    async (_name, page, pattern, call) => {
      const calls = mockFetch({
        [call]: () => Promise.reject(new TypeError('Failed to fetch')),
        'GET /api/logout': { body: {} },
        'GET /api/categories': { body: [] },
      });
      const local = memoryStorage();
      const session = memoryStorage();
      writeUser(local, session, admin);
      const view = await renderWithApp(page, { route: pattern.replace(':id', 'x1'), pattern, storages: { local, session } });
      await settle(10);
      expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).not.toContain('/api/logout');
      expect(view.path()).not.toBe('/login');
      expect(document.body.querySelector('[role="alert"]')?.textContent).toContain('The shop could not be reached');
      await click(getByRoleName(document.body, 'button', 'Try again'));
      await settle(10);
      expect(calls.filter((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}` === call)).toHaveLength(2);
    },
  );

  it.each(pages)('when the %s data call succeeds, then the admin stays', async (_name, page, pattern, call) => {
    const bodies: Record<string, unknown> = {
      'GET /api/orders/user/x1': {
        _id: 'x1',
        user: {
          _id: 'u1',
          name: 'Ann',
          lastName: 'Lee',
          email: 'a@x.com',
          phoneNumber: '1',
          address: 'A',
          country: 'PL',
          zipCode: '0',
          city: 'C',
          state: 'S',
        },
        orderTotal: { itemsCount: 1, cartSubtotal: 1 },
        cartItems: [],
        paymentMethod: 'cod',
        isPaid: false,
        isDelivered: false,
        createdAt: '2026-11-20T10:00:00.000Z',
        events: [{ type: 'created', at: '2026-11-20T10:00:00.000Z' }],
      },
      'GET /api/users/x1': { _id: 'x1', name: 'Ann', lastName: 'Lee', email: 'a@x.com', isAdmin: false },
      'GET /api/products/get-one/x1': {
        _id: 'x1',
        name: 'Lamp',
        description: 'd',
        price: 1,
        count: 1,
        images: [],
        rating: 0,
        reviewsNumber: 0,
        reviews: [],
        category: 'Home',
        attrs: [],
      },
    };
    const calls = mockFetch({ [call]: { body: bodies[call] }, 'GET /api/logout': { body: {} }, 'GET /api/categories': { body: [] } });
    const local = memoryStorage();
    const session = memoryStorage();
    writeUser(local, session, admin);
    const view = await renderWithApp(page, { route: pattern.replace(':id', 'x1'), pattern, storages: { local, session } });
    await settle(10);
    expect(calls.map((c) => c.url)).not.toContain('/api/logout');
    expect(view.path()).toBe(pattern.replace(':id', 'x1'));
  });
});
