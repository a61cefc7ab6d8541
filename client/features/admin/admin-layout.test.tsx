// @vitest-environment happy-dom
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '#machines/shared/storage.ts';
import { writeUser } from '#machines/auth/user-storage.ts';
import { click, getByRoleName, settle } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { AdminLayout } from './admin-layout.tsx';
import { AdminProductsPage } from './products/products-page.tsx';

setupComponentTests();

const admin = { _id: 'a1', name: 'Ada', lastName: 'Admin', email: 'admin@admin.com', isAdmin: true, doNotLogout: false };

const renderAdmin = async () => {
  const local = memoryStorage();
  const session = memoryStorage();
  writeUser(local, session, admin);
  return renderWithApp(
    <Routes>
      <Route element={<AdminLayout />}>
        <Route path="/admin/products" element={<AdminProductsPage />} />
      </Route>
      <Route path="*" element={null} />
    </Routes>,
    { route: '/admin/products', raw: true, storages: { local, session } },
  );
};

describe('admin layout', () => {
  it('when an admin list call fails, then the admin is logged out and sent to the login page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls = mockFetch({ 'GET /api/products/admin': { status: 500, body: { message: 'down' } }, 'GET /api/logout': { body: {} } });
    const view = await renderAdmin();
    await settle(10);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /api/logout');
    expect(view.path()).toBe('/login');
  });

  it('when Logout in the side menu is pressed, then the logout call is made and the login page shows', async () => {
    const calls = mockFetch({ 'GET /api/products/admin': { body: [] }, 'GET /api/logout': { body: {} } });
    const view = await renderAdmin();
    await settle();
    for (const name of ['Orders', 'Products', 'Users', 'Chats', 'Analytics'])
      expect(getByRoleName(view.container, 'link', name)).toBeTruthy();
    await click(getByRoleName(view.container, 'button', 'Logout'));
    await settle();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /api/logout');
    expect(view.path()).toBe('/login');
  });
});
