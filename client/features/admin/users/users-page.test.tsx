// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '#contracts/rules.ts';
import type { User } from '#contracts/user.ts';
import { click, getByLabelText, getByRoleName, queryByRoleName, queryByText, settle, typeInto } from '../../../testing/dom.ts';
import { ADMIN_USER, adminStorages } from '../../../testing/admin.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { expectNoAnswerThenRetry, noAnswerWhileDown } from '../../../testing/no-answer.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminEditUserPage } from './edit-user-page.tsx';
import { SET_PASSWORD_TEXTS } from './set-password-form.tsx';
import { AdminUsersPage } from './users-page.tsx';

setupComponentTests();

const ann = { _id: 'u2', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false } as User;

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

  it('when the list’s call gets no answer, then the admin sees why with Try again, not an endless skeleton; Try again shows the users', async () => {
    const { route, shop } = noAnswerWhileDown({ body: [ann], headers: { 'X-Total-Count': '1' } });
    mockFetch({ 'GET /api/users': route });
    const { container } = await renderWithApp(<AdminUsersPage />, { route: '/admin/users', storages: adminStorages() });
    await settle(10);
    await expectNoAnswerThenRetry(container, shop);
    expect(container.querySelector('tbody tr')?.textContent).toContain('ann@example.com');
  });

  it('when the list asked again after a delete gets no answer, then the rows stay under the error and Try again', async () => {
    const { route, shop } = noAnswerWhileDown({ body: [ann], headers: { 'X-Total-Count': '1' } }, { up: true });
    mockFetch({ 'GET /api/users': route, 'DELETE /api/users/u2': { body: {} } });
    const { container } = await renderWithApp(<AdminUsersPage />, { route: '/admin/users', storages: adminStorages() });
    await settle(10);
    shop.up = false;
    await click(getByRoleName(container, 'button', 'Delete ann@example.com'));
    await click(getByRoleName(document.body, 'button', 'Yes'));
    await settle(10);
    expect(container.querySelector('tbody tr')?.textContent).toContain('ann@example.com');
    await expectNoAnswerThenRetry(container, shop);
  });
});

describe('admin user page: Set password', () => {
  it('when the new password is short or not repeated alike, then the form says so and sends nothing; once right, it sends the password alone and clears the fields', async () => {
    const calls = mockFetch({ 'GET /api/users/u2': { body: ann }, 'POST /api/users/u2/password': { body: 'password set' } });
    const { container } = await renderWithApp(<AdminEditUserPage />, { route: '/admin/edit-user/u2', pattern: '/admin/edit-user/:id' });
    await settle();
    const [password, repeat] = [getByLabelText(container, 'New password'), getByLabelText(container, 'Repeat the new password')];
    const setPassword = getByRoleName(container, 'button', SET_PASSWORD_TEXTS.heading);
    await typeInto(password, 'abc');
    await click(setPassword);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    await typeInto(password, 'a-new-start');
    await typeInto(repeat, 'a-new-stark');
    await click(setPassword);
    expect(queryByText(container, MESSAGES.passwordsMatch)).not.toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await typeInto(repeat, 'a-new-start');
    await click(setPassword);
    await settle();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/users/u2/password', { password: 'a-new-start' }],
    ]);
    expect([password.value, repeat.value]).toEqual(['', '']);
  });
});
