// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../contracts/user.ts';
import { writeUser } from '../../../../machines/auth/user-storage.ts';
import { memoryStorage } from '../../../../machines/shared/storage.ts';
import { queryByRoleName, settle } from '../../../testing/dom.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminUsersPage } from './users-page.tsx';

setupComponentTests();

const admin = { _id: 'a1', name: 'Ada', lastName: 'Admin', email: 'admin@admin.com', isAdmin: true, doNotLogout: false };
const asAdmin = () => {
  const local = memoryStorage();
  const session = memoryStorage();
  writeUser(local, session, admin);
  return { local, session };
};

describe('admin users list', () => {
  it("when the admin's own account is listed, then its row has Edit but no Delete", async () => {
    const row = (_id: string, email: string) => ({ _id, email, name: 'N', lastName: 'L', isAdmin: false }) as User;
    mockFetch({ 'GET /api/users': { body: [row('a1', admin.email), row('u2', 'u2@x.com')], headers: { 'X-Total-Count': '2' } } });
    const { container } = await renderWithApp(<AdminUsersPage />, { route: '/admin/users', storages: asAdmin() });
    await settle(10);
    expect(queryByRoleName(container, 'link', `Edit ${admin.email}`)).not.toBeNull();
    expect(queryByRoleName(container, 'button', `Delete ${admin.email}`)).toBeNull();
    expect(queryByRoleName(container, 'button', 'Delete u2@x.com')).not.toBeNull();
  });
});
