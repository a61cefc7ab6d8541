// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { User } from '#contracts/user.ts';
import { queryByRoleName, settle } from '../../../testing/dom.ts';
import { ADMIN_USER, adminStorages } from '../../../testing/admin.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminUsersPage } from './users-page.tsx';

setupComponentTests();

describe('admin users list', () => {
  it("when the admin's own account is listed, then its row has Edit but no Delete", async () => {
    const row = (_id: string, email: string) => ({ _id, email, name: 'N', lastName: 'L', isAdmin: false }) as User;
    mockFetch({ 'GET /api/users': { body: [row('a1', ADMIN_USER.email), row('u2', 'u2@x.com')], headers: { 'X-Total-Count': '2' } } });
    const { container } = await renderWithApp(<AdminUsersPage />, { route: '/admin/users', storages: adminStorages() });
    await settle(10);
    expect(queryByRoleName(container, 'link', `Edit ${ADMIN_USER.email}`)).not.toBeNull();
    expect(queryByRoleName(container, 'button', `Delete ${ADMIN_USER.email}`)).toBeNull();
    expect(queryByRoleName(container, 'button', 'Delete u2@x.com')).not.toBeNull();
  });
});
