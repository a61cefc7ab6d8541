import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestApi, startTestApi, sessionCallHeaders } from '../../api/testing/api-harness.ts';
import { createSession } from '../../api/auth/sessions.ts';
import { signToken, tokenLifetime } from '../../api/auth/token.ts';

/** Ways a plain user might try to become an admin, each of which must leave them a plain user. */
describe('security: no way to promote oneself', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ attachments: [] });
  });
  afterAll(() => t.stop());

  const isAdminInDb = async (id: string) =>
    (await t.db.query<{ is_admin: boolean }>('select is_admin from users where id = $1', [id])).rows[0]!.is_admin;

  it('when someone registers with isAdmin: true in the body, then the new account is not an admin', async () => {
    const res = await t.authed(undefined)('/api/users/register', {
      method: 'POST',
      headers: sessionCallHeaders(),
      body: JSON.stringify({ name: 'Eve', lastName: 'Sneaky', email: 'eve@example.test', password: TEST_PASSWORD, isAdmin: true }),
    });
    expect(res.status).toBe(201);
    const { userCreated, token } = (await res.json()) as { userCreated: { _id: string; isAdmin: boolean }; token: string };
    expect(userCreated.isAdmin).toBe(false);
    expect(await isAdminInDb(userCreated._id)).toBe(false);
    expect((await t.authed(token)('/api/users')).status).toBe(403);
  });

  it('when a user sends isAdmin: true in their profile update, then they stay a plain user', async () => {
    const { token, user } = await t.register();
    const res = await t.authed(token)('/api/users/profile', {
      method: 'PUT',
      body: JSON.stringify({ name: 'Eve', lastName: 'Sneaky', password: TEST_PASSWORD, isAdmin: true }),
    });
    expect(res.status).toBe(200);
    expect(await isAdminInDb(user._id)).toBe(false);
    expect((await t.authed(token)('/api/users')).status).toBe(403);
  });

  it('when a token is signed with another secret and claims isAdmin, then the API treats the caller as a guest', async () => {
    const { user } = await t.register();
    const sid = await createSession(t.db, user._id, tokenLifetime(false));
    const forged = await signToken({ ...user, isAdmin: true, sid }, 'some-other-secret-of-enough-length-0123456789', 60);
    expect((await t.authed(forged)('/api/users')).status).toBe(401);
    expect((await t.authed(forged)('/api/session')).status).toBe(401);
  });

  it('when a validly signed token claims isAdmin for a plain user, then the database decides: 403', async () => {
    const { user } = await t.register();
    const sid = await createSession(t.db, user._id, tokenLifetime(false));
    const inflated = await signToken({ ...user, isAdmin: true, sid }, t.config.TOKEN_SECRET, 60);
    expect((await t.authed(inflated)('/api/users')).status).toBe(403);
  });

  it('when a token is unsigned (alg none), then the API treats the caller as a guest', async () => {
    const { user, token } = await t.register();
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ ...claims, _id: user._id, isAdmin: true })).toString('base64url');
    expect((await t.authed(`${header}.${body}.`)('/api/session')).status).toBe(401);
  });
});
