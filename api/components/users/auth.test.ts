import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, TEST_PASSWORD, sessionCallHeaders, startTestApi } from '../../testing/api-harness.ts';

/** No answer may carry a password or its hash, whatever its shape. */
const expectNoSecrets = (text: string) => {
  expect(text).not.toMatch(/password/i);
  expect(text).not.toContain('$argon2');
};

const tokenClaims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('users: register, login, session, logout', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(() => t.stop());

  // As the BFF's own session routes call the API: the only calls that may get a token.
  const post = (path: string, body: unknown, token?: string) =>
    t.authed(token)(path, { method: 'POST', headers: sessionCallHeaders(), body: JSON.stringify(body) });
  const newEmail = () => `person-${crypto.randomUUID()}@example.test`;

  it('when a visitor registers, then 201 with the spec body, a working token and no secret', async () => {
    const email = newEmail();
    const res = await post('/api/users/register', { name: 'Ada', lastName: 'Lovelace', email, password: 'abcdef' });
    expect(res.status).toBe(201);
    const text = await res.text();
    expectNoSecrets(text);
    const body = JSON.parse(text);
    expect(body).toEqual({
      success: 'User created',
      userCreated: { _id: expect.any(String), name: 'Ada', lastName: 'Lovelace', email, isAdmin: false },
      token: expect.any(String),
    });
    const session = await t.authed(body.token)('/api/session');
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({ user: body.userCreated });
    expect(tokenClaims(body.token)).toMatchObject({ _id: body.userCreated._id, isAdmin: false, sid: expect.any(String) });
  });

  const validRegister = { name: 'Ada', lastName: 'Lovelace', email: 'valid@example.test', password: 'abcdef' };
  it.each([
    ['name', { name: undefined }, 'name is required'],
    ['name', { name: '   ' }, 'Please enter a name'],
    ['lastName', { lastName: '' }, 'Please enter your last name'],
    ['email', { email: 'not-an-email' }, 'Please anter a valid email address'],
    ['email', { email: undefined }, 'email is required'],
    ['password', { password: 'abcde' }, 'Please anter a valid password'],
    ['password', { password: undefined }, 'password is required'],
  ])('when registering with a bad %s (%o), then 400 naming it', async (field, change, message) => {
    const res = await post('/api/users/register', { ...validRegister, ...change });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, field });
  });

  it('when the email is already registered, in any letter case, then 409 user exists on email', async () => {
    const { user } = await t.register();
    const res = await post('/api/users/register', { ...validRegister, email: user.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: 'user exists', field: 'email' });
  });

  it('when a user logs in with the right password and an upper-case email, then 200 with the spec body and no secret', async () => {
    const { user } = await t.register();
    const res = await post('/api/users/login', { email: ` ${user.email.toUpperCase()} `, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const text = await res.text();
    expectNoSecrets(text);
    const body = JSON.parse(text);
    expect(body).toEqual({
      success: 'user logged in',
      userLoggedIn: { ...user, doNotLogout: false },
      token: expect.any(String),
    });
    expect((await t.authed(body.token)('/api/session')).status).toBe(200);
  });

  it('when the password is wrong or the email unknown, then the same 401 wrong credentials', async () => {
    const { user } = await t.register();
    for (const body of [
      { email: user.email, password: 'wrong-password' },
      { email: newEmail(), password: TEST_PASSWORD },
    ]) {
      const res = await post('/api/users/login', body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'wrong credentials' });
    }
  });

  it.each([
    ['email', { password: 'x' }],
    ['password', { email: 'a@example.test' }],
    ['password', { email: 'a@example.test', password: '' }],
    ['doNotLogout', { email: 'a@example.test', password: 'x', doNotLogout: 'yes' }],
  ])('when the login body lacks a valid %s, then 400 naming it', async (field, body) => {
    const res = await post('/api/users/login', body);
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe(field);
  });

  it('when doNotLogout is set, then the session lasts 7 days, otherwise 12 hours', async () => {
    const { user } = await t.register();
    const hours = async (doNotLogout: boolean) => {
      const res = await post('/api/users/login', { email: user.email, password: TEST_PASSWORD, doNotLogout });
      const { token, userLoggedIn } = await res.json();
      expect(userLoggedIn.doNotLogout).toBe(doNotLogout);
      const claims = tokenClaims(token);
      const { rows } = await t.db.query<{ h: number }>(
        'select round(extract(epoch from expires_at - created_at) / 3600)::int as h from sessions where id = $1',
        [claims.sid],
      );
      expect(((claims.exp as number) - (claims.iat as number)) / 3600).toBe(rows[0]!.h);
      return rows[0]!.h;
    };
    expect(await hours(true)).toBe(7 * 24);
    expect(await hours(false)).toBe(12);
  });

  it('when a user logs out, then that token is refused at once and other sessions live on', async () => {
    const { user, token } = await t.register();
    const other = await t.login(user.email, TEST_PASSWORD);
    const res = await t.authed(token)('/api/logout');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'logged out' });
    expect((await t.authed(token)('/api/session')).status).toBe(401);
    expect((await t.authed(token)(`/api/users/profile/${user._id}`)).status).toBe(401);
    expect((await t.authed(other)('/api/session')).status).toBe(200);
    expect((await t.authed(token)('/api/logout')).status).toBe(200);
  });

  it('when the session is asked for without a token or with a forged one, then 401', async () => {
    const { token } = await t.register();
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const tok of [undefined, 'garbage', forged]) {
      const res = await t.authed(tok)('/api/session');
      expect(res.status).toBe(401);
      expect((await res.json()).message).toEqual(expect.any(String));
    }
  });
});
