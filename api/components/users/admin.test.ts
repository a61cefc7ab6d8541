import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TestApi, TEST_PASSWORD, startTestApi } from '../../testing/api-harness.ts';
import * as users from './service.ts';
import { callAs, registerAdmin } from '../../testing/test-api.ts';

describe('users: admin area', () => {
  let t: TestApi;
  let admin: Awaited<ReturnType<TestApi['register']>>;
  const changed: string[] = [];
  beforeAll(async () => {
    t = await startTestApi();
    t.api.context.events.on('userChanged', (id) => changed.push(id));
  });
  beforeEach(async () => {
    // Each test starts with exactly one admin, so last-admin rules are predictable.
    await t.db.query('update users set is_admin = false');
    admin = await registerAdmin(t, { name: 'Admin' });
    changed.length = 0;
  });
  afterAll(() => t.stop());

  const call = (token: string | undefined, method: string, path: string, body?: unknown) => callAs(t, token, method, path, body);
  const update = (u: { name: string; lastName: string; email: string; isAdmin: boolean }, change: object = {}) => ({
    name: u.name,
    lastName: u.lastName,
    email: u.email,
    isAdmin: u.isAdmin,
    ...change,
  });

  it('when a non-admin or a visitor calls any admin route, then 403 or 401 and nothing changes', async () => {
    const { user, token } = await t.register();
    const target = await t.register();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/users'],
      ['GET', `/api/users/${target.user._id}`],
      ['PUT', `/api/users/${target.user._id}`, update(target.user, { isAdmin: true })],
      ['PUT', `/api/users/${user._id}`, update(user, { isAdmin: true })],
      ['DELETE', `/api/users/${target.user._id}`],
      ['POST', `/api/users/${target.user._id}/password`, { password: 'chosen-by-a-stranger' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(token, method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await call(undefined, method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    const { rows } = await t.db.query('select id, is_admin from users where id = any($1)', [[user._id, target.user._id]]);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.is_admin === false)).toBe(true);
    expect(await t.login(target.user.email, TEST_PASSWORD)).toBeTruthy();
  });

  it("when an admin sets a user's password, then only the new one logs in, every session of theirs ends and the admin's id is logged", async () => {
    const customer = await t.register({ name: 'Forgetful' });
    const kiosk = await t.login(customer.user.email, TEST_PASSWORD);
    const logged = vi.spyOn(t.api.context.logger, 'info');
    const res = await call(admin.token, 'POST', `/api/users/${customer.user._id}/password`, { password: 'a-new-start' });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe('password set');
    for (const token of [customer.token, kiosk]) expect((await t.authed(token)('/api/session')).status).toBe(401);
    await expect(t.login(customer.user.email, TEST_PASSWORD)).rejects.toThrow(/401/);
    expect(await t.login(customer.user.email, 'a-new-start')).toBeTruthy();
    expect(changed).toContain(customer.user._id);
    expect(logged).toHaveBeenCalledWith(
      { userId: customer.user._id, adminId: admin.user._id },
      expect.stringMatching(/password set by an admin/),
    );
    logged.mockRestore();
  });

  it("when an admin's new password breaks the shop's rules or names no user, then 400 naming password or 404, and nothing changes", async () => {
    const customer = await t.register();
    const short = await call(admin.token, 'POST', `/api/users/${customer.user._id}/password`, { password: 'abc' });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ field: 'password' });
    for (const id of [crypto.randomUUID(), 'not-an-id']) {
      expect((await call(admin.token, 'POST', `/api/users/${id}/password`, { password: 'a-new-start' })).status).toBe(404);
    }
    expect((await t.authed(customer.token)('/api/session')).status).toBe(200);
  });

  it('when an admin lists and reads users, then every user shows without password or hash', async () => {
    const other = await t.register({ name: 'Listed' });
    const list = await call(admin.token, 'GET', '/api/users');
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).not.toMatch(/password|\$argon2/i);
    const all = JSON.parse(text) as Array<{ _id: string; name: string }>;
    expect(all.map((u) => u._id)).toEqual(expect.arrayContaining([admin.user._id, other.user._id]));
    const one = await call(admin.token, 'GET', `/api/users/${other.user._id}`);
    const oneText = await one.text();
    expect(oneText).not.toMatch(/password|\$argon2/i);
    expect(JSON.parse(oneText)).toMatchObject({ ...other.user, phoneNumber: '', city: '' });
    expect((await call(admin.token, 'GET', `/api/users/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await call(admin.token, 'GET', '/api/users/1%27%20or%201=1')).status).toBe(404);
  });

  it('when an admin updates a user, then user updated, the change shows and userChanged is emitted', async () => {
    const { user } = await t.register();
    const res = await call(admin.token, 'PUT', `/api/users/${user._id}`, {
      name: 'Renamed',
      lastName: 'Person',
      email: 'Renamed@Example.test',
      isAdmin: true,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe('user updated');
    const read = await (await call(admin.token, 'GET', `/api/users/${user._id}`)).json();
    expect(read).toMatchObject({ name: 'Renamed', lastName: 'Person', email: 'renamed@example.test', isAdmin: true });
    expect(changed).toEqual([user._id]);
  });

  it.each([
    ['name', { name: '' }],
    ['lastName', { lastName: undefined }],
    ['email', { email: 'nope' }],
    ['isAdmin', { isAdmin: 'true' }],
  ])('when an admin update has a bad %s, then 400 naming it', async (field, change) => {
    const { user } = await t.register();
    const res = await call(admin.token, 'PUT', `/api/users/${user._id}`, update(user, change));
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe(field);
  });

  it("when an admin gives a user someone else's email, then 409 user exists; an unknown id is 404", async () => {
    const a = await t.register();
    const b = await t.register();
    const res = await call(admin.token, 'PUT', `/api/users/${a.user._id}`, update(a.user, { email: b.user.email }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'user exists', field: 'email' });
    expect((await call(admin.token, 'PUT', `/api/users/${crypto.randomUUID()}`, update(a.user))).status).toBe(404);
  });

  it('when an admin is demoted, then their token is refused on admin routes at once', async () => {
    const second = await registerAdmin(t);
    expect((await call(second.token, 'GET', '/api/users')).status).toBe(200);
    const res = await call(admin.token, 'PUT', `/api/users/${second.user._id}`, update(second.user, { isAdmin: false }));
    expect(res.status).toBe(200);
    expect((await call(second.token, 'GET', '/api/users')).status).toBe(403);
    expect((await (await call(second.token, 'GET', '/api/session')).json()).user.isAdmin).toBe(false);
  });

  it('when an admin deletes a user, then user removed, their token is refused at once and userChanged is emitted', async () => {
    const { user, token } = await t.register();
    const res = await call(admin.token, 'DELETE', `/api/users/${user._id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toBe('user removed');
    expect((await call(token, 'GET', '/api/session')).status).toBe(401);
    expect((await call(token, 'PUT', '/api/users/profile', { name: 'a', lastName: 'b', password: 'abcdef' })).status).toBe(401);
    expect((await call(admin.token, 'GET', `/api/users/${user._id}`)).status).toBe(404);
    expect((await call(admin.token, 'DELETE', `/api/users/${user._id}`)).status).toBe(404);
    expect(changed).toEqual([user._id]);
  });

  it('when an admin tries to delete themselves, then 400 naming the id with a message saying why, and they remain', async () => {
    const second = await registerAdmin(t);
    // refused even with another admin left: it is about one's own account, not the last admin
    const res = await call(admin.token, 'DELETE', `/api/users/${admin.user._id}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'You cannot delete your own account: another admin can delete it for you',
      field: 'id',
    });
    expect((await call(admin.token, 'GET', '/api/session')).status).toBe(200);
    expect((await call(second.token, 'DELETE', `/api/users/${admin.user._id}`)).status).toBe(200);
  });

  it('when the last admin would be demoted, then 409; with a second admin the demotion goes through', async () => {
    const self = update(admin.user, { isAdmin: false });
    const refused = await call(admin.token, 'PUT', `/api/users/${admin.user._id}`, self);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ field: 'isAdmin', message: expect.stringMatching(/at least one administrator/) });
    expect((await call(admin.token, 'GET', '/api/users')).status).toBe(200);

    await registerAdmin(t);
    expect((await call(admin.token, 'PUT', `/api/users/${admin.user._id}`, self)).status).toBe(200);
    expect((await call(admin.token, 'GET', '/api/users')).status).toBe(403);
  });

  it('when a demoted caller races to delete the last admin, then the service refuses it', async () => {
    const { user } = await t.register();
    // The caller passed requireAdmin a moment ago but has since lost the role: only `admin` is left.
    const staleCaller = { ...user, isAdmin: true, sessionId: crypto.randomUUID() };
    await expect(users.deleteUser(t.api.context, staleCaller, admin.user._id)).rejects.toMatchObject({ status: 409 });
    const { rows } = await t.db.query('select 1 from users where id = $1 and is_admin', [admin.user._id]);
    expect(rows).toHaveLength(1);
  });
});
