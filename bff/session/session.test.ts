import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { type TestBff, TEST_SESSION_SECRET, cookieFrom, postJson, startTestBff } from '../testing/bff-harness.ts';
import { sessionCookies } from './session-cookie.ts';
import { TOO_MANY_RESET_REQUESTS } from '../http/registration-limit.ts';
import { mailDir, resetTokenIn, waitForEml } from '../../api/testing/mail-inbox.ts';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '#contracts/user.ts';

let api: TestApi;
let bffA: TestBff;
let bffB: TestBff;

beforeAll(async () => {
  api = await startTestApi();
  [bffA, bffB] = await Promise.all([startTestBff({ apiUrl: api.url }), startTestBff({ apiUrl: api.url })]);
});

afterAll(async () => {
  await Promise.all([bffA?.stop(), bffB?.stop()]);
  await api?.stop();
});

const PASSWORD = 'a-good-password';
let counter = 0;
const newAccount = async (bff: TestBff) => {
  counter += 1;
  const email = `shopper-${counter}-${Date.now()}@example.test`;
  const res = await postJson(`${bff.url}/api/users/register`, { name: 'Ann', lastName: 'Lee', email, password: PASSWORD });
  expect(res.status).toBe(201);
  return { email, body: (await res.json()) as { userCreated: { _id: string } }, cookie: cookieFrom(res) };
};
const login = (bff: TestBff, email: string, doNotLogout = false) =>
  postJson(`${bff.url}/api/users/login`, { email, password: PASSWORD, doNotLogout });
const getToken = (bff: TestBff, cookie?: string) => fetch(`${bff.url}/api/get-token`, { headers: cookie ? { cookie } : {} });
/** The upstream token the cookie holds, read the way the BFF reads it. */
const upstreamToken = async (cookie: string) => (await sessionCookies(TEST_SESSION_SECRET).read(cookie))!.token;
const everything = async (res: Response) => `${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${await res.text()}`;

describe('login and register', () => {
  it('when a user logs in, then an httpOnly SameSite=Strict cookie is set and the spec body comes back without the token', async () => {
    const { email } = await newAccount(bffA);
    const res = await login(bffA, email);
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie();
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(/^sf_session=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/);
    const body = (await res.clone().json()) as { success: string; userLoggedIn: { _id: string } };
    expect(Object.keys(body).sort()).toEqual(['success', 'userLoggedIn']);
    expect(body.success).toBe('user logged in');

    const cookie = cookieFrom(res);
    const token = await upstreamToken(cookie);
    expect(token.length).toBeGreaterThan(20);
    expect(await everything(res)).not.toContain(token);
    const tokenRes = await getToken(bffA, cookie);
    expect(await everything(tokenRes)).not.toContain(token);
    const proxied = await fetch(`${bffA.url}/api/users/profile/${body.userLoggedIn._id}`, { headers: { cookie } });
    expect(proxied.status).toBe(200);
    expect(await everything(proxied)).not.toContain(token);
    const logs = bffA.logs.join('\n');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(PASSWORD);
    expect(logs).not.toContain(cookie.split('=')[1]!);
  });

  it('when a user logs in with doNotLogout, then the cookie persists for 7 days', async () => {
    const { email } = await newAccount(bffA);
    const res = await login(bffA, email, true);
    expect(res.headers.getSetCookie()[0]).toContain('Max-Age=604800');
  });

  it('when the same user logs in twice, then each login gets its own session', async () => {
    const { email } = await newAccount(bffA);
    const first = cookieFrom(await login(bffA, email));
    const second = cookieFrom(await login(bffA, email));
    const [a, b] = await Promise.all([sessionCookies(TEST_SESSION_SECRET).read(first), sessionCookies(TEST_SESSION_SECRET).read(second)]);
    expect(a!.id).not.toBe(b!.id);
    expect(a!.token).not.toBe(b!.token);
  });

  it('when a logged-in browser logs in again, then its previous session ends', async () => {
    const { email, cookie: first } = await newAccount(bffA);
    const again = await postJson(`${bffA.url}/api/users/login`, { email, password: PASSWORD }, { cookie: first });
    expect(again.status).toBe(200);
    expect((await getToken(bffA, first)).status).toBe(401);
    expect((await getToken(bffA, cookieFrom(again))).status).toBe(200);
  });

  it('when the password is wrong, then the API answer comes through and no cookie is set', async () => {
    const { email } = await newAccount(bffA);
    const res = await postJson(`${bffA.url}/api/users/login`, { email, password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'wrong credentials' });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('when someone registers, then they are logged in by cookie and the body has no token', async () => {
    const { body, cookie } = await newAccount(bffA);
    expect(Object.keys(body).sort()).toEqual(['success', 'userCreated']);
    expect((await getToken(bffA, cookie)).status).toBe(200);
  });
});

describe('GET /api/get-token', () => {
  it('when a guest asks, then 401', async () => {
    expect((await getToken(bffA)).status).toBe(401);
  });

  it("when a customer asks, then the token is the marker 'not admin' (never the real token) and isAdmin false", async () => {
    const { cookie } = await newAccount(bffA);
    const res = await getToken(bffA, cookie);
    expect(await res.json()).toEqual({ token: 'not admin', isAdmin: false });
    expect(await everything(await getToken(bffA, cookie))).not.toContain(await upstreamToken(cookie));
  });

  it("when a user is made admin after logging in, then get-token tells the current role: token 'admin', isAdmin true", async () => {
    const { cookie, body } = await newAccount(bffA);
    await api.makeAdmin(body.userCreated._id);
    expect(await (await getToken(bffA, cookie)).json()).toEqual({ token: 'admin', isAdmin: true });
  });

  it('when the cookie was tampered with, then 401', async () => {
    const { cookie } = await newAccount(bffA);
    const tampered = cookie.slice(0, -4) + (cookie.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await getToken(bffA, tampered)).status).toBe(401);
  });
});

describe('sessions across instances', () => {
  it('when a second BFF instance gets the cookie, then it accepts the session', async () => {
    const { cookie } = await newAccount(bffA);
    expect((await getToken(bffB, cookie)).status).toBe(200);
  });

  it('when the BFF restarts, then the session still works', async () => {
    const { cookie } = await newAccount(bffA);
    await bffA.stop();
    bffA = await startTestBff({ apiUrl: api.url });
    expect((await getToken(bffA, cookie)).status).toBe(200);
  });

  it('when a user logs out, then the old cookie gets 401 on both instances and is cleared', async () => {
    const { cookie, body } = await newAccount(bffA);
    const out = await fetch(`${bffA.url}/api/logout`, { headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/^sf_session=; Max-Age=0;/);
    for (const bff of [bffA, bffB]) {
      const token = await getToken(bff, cookie);
      expect(token.status).toBe(401);
      expect(token.headers.getSetCookie()[0]).toMatch(/^sf_session=;/);
      const profile = await fetch(`${bff.url}/api/users/profile/${body.userCreated._id}`, { headers: { cookie } });
      expect(profile.status).toBe(401);
      expect(profile.headers.getSetCookie()[0]).toMatch(/^sf_session=;/);
    }
  });

  it('when a guest logs out, then 200 all the same', async () => {
    expect((await fetch(`${bffB.url}/api/logout`)).status).toBe(200);
  });
});

describe('forgotten password', () => {
  const forgot = (email: string) => postJson(`${bffA.url}/api/users/forgot-password`, { email });
  const reset = (token: string, password: string, cookie?: string) =>
    postJson(`${bffA.url}/api/users/reset-password`, { token, password }, cookie ? { cookie } : {});
  const linkFor = async (email: string, count = 1) => {
    expect(await (await forgot(email)).json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    const mails = await waitForEml(api.config.DATA_DIR, email, count);
    return { mail: mails.at(-1)!, token: resetTokenIn(mails.at(-1)!) };
  };

  it('when a customer asks for a link, then its mail (.eml) logs them in with a new password once, and every other session ends', async () => {
    const { email, cookie: otherBrowser } = await newAccount(bffA);
    const { mail, token } = await linkFor(email);
    expect(mail).toMatch(/^Subject: Reset your password \| Statefront$/m);
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    // Owner-only, like the rest of DATA_DIR.
    expect((await stat(mailDir(api.config.DATA_DIR))).mode & 0o777).toBe(0o700);
    for (const name of await readdir(mailDir(api.config.DATA_DIR))) {
      expect((await stat(path.join(mailDir(api.config.DATA_DIR), name))).mode & 0o777).toBe(0o600);
    }
    const res = await reset(token, 'a-new-password');
    expect(res.status).toBe(200);
    expect((await getToken(bffA, cookieFrom(res))).status).toBe(200);
    expect((await getToken(bffA, otherBrowser)).status).toBe(401);
    expect((await login(bffA, email)).status).toBe(401);
    expect((await postJson(`${bffA.url}/api/users/login`, { email, password: 'a-new-password' })).status).toBe(200);
    const again = await reset(token, 'a-third-password');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: RESET_LINK_INVALID, field: 'token' });
  });

  it('when the address has no account, then the same answer and no mail', async () => {
    const email = `nobody-${Date.now()}@example.test`;
    const res = await forgot(email);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    const { email: known } = await newAccount(bffA);
    await linkFor(known); // mail for a known address is there by now: none came for the unknown one
    await expect(waitForEml(api.config.DATA_DIR, email, 1, 0)).rejects.toThrow();
  });

  it('when one network asks for more reset links in an hour than PASSWORD_RESETS_PER_ADDRESS_PER_HOUR, then 429, for any address', async () => {
    const bff = await startTestBff({ apiUrl: api.url, config: { PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: 2 } });
    try {
      const ask = (email: string) => postJson(`${bff.url}/api/users/forgot-password`, { email });
      expect((await ask('a@example.test')).status).toBe(200);
      expect((await ask('b@example.test')).status).toBe(200);
      const third = await ask('c@example.test');
      expect(third.status).toBe(429);
      expect(await third.json()).toEqual({ message: TOO_MANY_RESET_REQUESTS });
    } finally {
      await bff.stop();
    }
  });

  it('when the link is past its 30 minutes, replaced by a newer one, or followed by a login, then it no longer works', async () => {
    const { email } = await newAccount(bffA);
    const first = await linkFor(email);
    const second = await linkFor(email, 2);
    expect((await reset(first.token, 'a-new-password')).status).toBe(400);
    await api.db.query(`update password_resets set expires_at = now() - interval '1 second'`);
    expect((await reset(second.token, 'a-new-password')).status).toBe(400);
    const third = await linkFor(email, 3);
    expect((await login(bffA, email)).status).toBe(200);
    expect((await reset(third.token, 'a-new-password')).status).toBe(400);
  });
});
