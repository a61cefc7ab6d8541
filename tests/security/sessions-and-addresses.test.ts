import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { type TestBff, TEST_SESSION_SECRET, cookieFrom, postJson, startTestBff } from '../../bff/testing/bff-harness.ts';
import { type SwitchableRelay, startSwitchableRelay } from '../../bff/testing/switchable-relay.ts';
import { sessionCookies } from '../../bff/session/session-cookie.ts';
import { LIMIT_DEFAULTS } from '../../bff/config.ts';
import { TOO_MANY_ACCOUNTS } from '../../bff/http/registration-limit.ts';
import { requestFrom } from '../../bff/testing/from-address.ts';
import { requestHead, slowClient } from '../../api/testing/slow-client.ts';
import { TOO_SLOW } from '#server/slow-requests.ts';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { registerAdmin } from '../../api/testing/test-api.ts';

/**
 * A security audit's findings at the BFF, through the shop's public port: a logout is never refused and never
 * waits on the API (a kiosk's next shopper must not inherit the session); accounts cost one
 * network's hourly allowance; a slow client is cut off and one address holds few connections.
 */

/** The upstream token a cookie holds, read the way the BFF reads it. */
const tokenIn = async (cookie: string) => (await sessionCookies(TEST_SESSION_SECRET).read(cookie))!.token;

const loginAs = async (bff: TestBff, email: string): Promise<string> => {
  const res = await postJson(`${bff.url}/api/users/login`, { email, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return cookieFrom(res);
};
const get = (bff: TestBff, path: string, cookie: string) => fetch(`${bff.url}${path}`, { headers: { cookie } });

describe('security: logout and the session check are never limited and never wait on the API', () => {
  /** Small, so a test spends it in a few calls. */
  const ALLOWANCE = 5;
  let t: TestApi;
  let relay: SwitchableRelay;
  let limited: TestBff;
  /** In front of the API through a relay the test switches off and on. */
  let cut: TestBff;
  /** Another instance, straight to the API: it never saw the logout. */
  let other: TestBff;

  beforeAll(async () => {
    t = await startTestApi();
    relay = await startSwitchableRelay(t.url);
    limited = await startTestBff({ apiUrl: t.url, apiLimitPerMinute: ALLOWANCE });
    cut = await startTestBff({ apiUrl: relay.url, logoutTiming: { waitMs: 100, retryMs: 20 } });
    other = await startTestBff({ apiUrl: t.url });
  });
  afterAll(async () => {
    await Promise.all([limited?.stop(), cut?.stop(), other?.stop()]);
    await relay?.stop();
    await t?.stop();
  });

  it("when a user's /api allowance is spent, then /api/session still answers, GET /api/logout ends the session with 200, and /api/session then answers 401", async () => {
    const { user } = await t.register();
    const cookie = await loginAs(limited, user.email);
    let answer = 200;
    for (let i = 0; i <= ALLOWANCE && answer !== 429; i += 1) answer = (await get(limited, '/api/products', cookie)).status;
    expect(answer).toBe(429);

    expect((await get(limited, '/api/session', cookie)).status).toBe(200);
    const out = await get(limited, '/api/logout', cookie);
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toMatch(/^sf_session=; Max-Age=0;/);
    expect((await get(limited, '/api/session', cookie)).status).toBe(401);
    expect((await get(other, '/api/session', cookie)).status).toBe(401);
  });

  for (const mode of ['refuse', 'silent'] as const) {
    it(`when the API ${mode === 'refuse' ? 'cannot be reached' : 'answers nothing'}, then logout still answers 200 and ends the session, and the API is told once it is back`, async () => {
      relay.set('up');
      const { user } = await t.register();
      const cookie = await loginAs(cut, user.email);
      expect((await get(cut, '/api/get-token', cookie)).status).toBe(200);

      relay.set(mode);
      const out = await get(cut, '/api/logout', cookie);
      expect(out.status).toBe(200);
      expect(await out.json()).toEqual({ message: 'logged out' });
      expect(out.headers.getSetCookie()[0]).toMatch(/^sf_session=; Max-Age=0;/);
      // The BFF holds no session for the cookie any more, whatever the API says.
      expect((await get(cut, '/api/get-token', cookie)).status).toBe(401);

      relay.set('up');
      const token = await tokenIn(cookie);
      await expect.poll(async () => (await t.authed(token)('/api/session')).status, { timeout: 10_000 }).toBe(401);
      expect((await get(other, '/api/session', cookie)).status).toBe(401);
    });
  }
});

describe(`security: new accounts a network may make (REGISTRATIONS_PER_ADDRESS_PER_HOUR=${LIMIT_DEFAULTS.REGISTRATIONS_PER_ADDRESS_PER_HOUR}, the default)`, () => {
  const PER_HOUR = LIMIT_DEFAULTS.REGISTRATIONS_PER_ADDRESS_PER_HOUR;
  let t: TestApi;
  let bff: TestBff;
  /** Behind a proxy on loopback, which tells the client's address (how IPv6 shoppers are played). */
  let proxied: TestBff;
  beforeAll(async () => {
    t = await startTestApi();
    bff = await startTestBff({ apiUrl: t.url, config: { REGISTRATIONS_PER_ADDRESS_PER_HOUR: PER_HOUR } });
    proxied = await startTestBff({ apiUrl: t.url, config: { REGISTRATIONS_PER_ADDRESS_PER_HOUR: 2, TRUST_PROXY: ['loopback'] } });
  });
  afterAll(async () => {
    await Promise.all([bff?.stop(), proxied?.stop()]);
    await t?.stop();
  });

  let counter = 0;
  const account = (email = `net-${++counter}-${Date.now()}@example.test`) => ({
    name: 'Nat',
    lastName: 'Work',
    email,
    password: TEST_PASSWORD,
  });
  const registerFrom = (target: TestBff, address: string, body: unknown, headers: Record<string, string> = {}) =>
    requestFrom(target.url, address, '/api/users/register', { method: 'POST', json: body, headers });
  const accounts = async (email: string) =>
    Number((await t.db.query<{ n: string }>('select count(*) as n from users where email = $1', [email])).rows[0]!.n);

  it(`when one address has made ${PER_HOUR} accounts, then the next is refused with 429 and nothing is made; failed registrations never counted, and another address still registers`, async () => {
    const address = '127.0.2.1';
    const taken = account();
    for (let i = 0; i < PER_HOUR; i += 1) {
      expect((await registerFrom(bff, address, i === 0 ? taken : account())).status).toBe(201);
      if (i === PER_HOUR / 2) {
        expect((await registerFrom(bff, address, { ...account(), email: 'not-an-email' })).status).toBe(400);
        expect((await registerFrom(bff, address, taken)).status).toBe(409);
      }
    }
    const next = account();
    const refused = await registerFrom(bff, address, next);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ message: TOO_MANY_ACCOUNTS });
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await accounts(next.email)).toBe(0);
    expect((await registerFrom(bff, '127.0.2.2', next)).status).toBe(201);
  });

  it('when two IPv6 addresses of one /64 register, then they share one count; another /64 has its own', async () => {
    const from = (ip: string) => registerFrom(proxied, '127.0.2.3', account(), { 'x-forwarded-for': ip });
    expect((await from('2001:db8:5:6::a')).status).toBe(201);
    expect((await from('2001:db8:5:6:ffff:ffff:ffff:1')).status).toBe(201);
    const refused = await from('2001:db8:5:6::b');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ message: TOO_MANY_ACCOUNTS });
    expect((await from('2001:db8:5:7::a')).status).toBe(201);
  });
});

const SLOW = { HEADERS_TIMEOUT_SECONDS: 0.3, JSON_BODY_TIMEOUT_SECONDS: 0.5, UPLOAD_BODY_TIMEOUT_SECONDS: 60 };
const SLOW_UPLOAD = { ...SLOW, JSON_BODY_TIMEOUT_SECONDS: 60, UPLOAD_BODY_TIMEOUT_SECONDS: 0.5 };
const CAP = { CONNECTIONS_PER_ADDRESS: 2, TRUST_PROXY: ['127.0.4.9'] };
const shown = (settings: object) =>
  Object.entries(settings)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');

describe(`security: slow clients are cut off (${shown(SLOW)}; uploads ${shown(SLOW_UPLOAD)}; ${shown(CAP)})`, () => {
  let t: TestApi;
  let slow: TestBff;
  let slowUpload: TestBff;
  let capped: TestBff;
  beforeAll(async () => {
    t = await startTestApi();
    [slow, slowUpload, capped] = await Promise.all([
      startTestBff({ apiUrl: t.url, config: SLOW }),
      startTestBff({ apiUrl: t.url, config: SLOW_UPLOAD }),
      startTestBff({ apiUrl: t.url, config: CAP }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([slow?.stop(), slowUpload?.stop(), capped?.stop()]);
    await t?.stop();
  });

  it('when the headers never end, then the BFF answers 408 and closes the connection', async () => {
    const client = await slowClient(slow.url, 'GET /api/products HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(await client.closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it.each(['/api/users/login', '/api/orders'])(
    'when a JSON body to %s stalls, then the BFF answers 408 and closes the connection',
    async (path) => {
      const client = await slowClient(slow.url, `${requestHead('POST', path, 200)}{"email":`);
      client.write('"a');
      const answer = await client.closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(answer).toContain(TOO_SLOW);
    },
  );

  it("when an admin's image upload stalls, then its own (upload) limit closes the connection", async () => {
    const { user } = await registerAdmin(t);
    const cookie = await loginAs(slowUpload, user.email);
    const product = await addProduct(t.db, { name: 'Slow upload camera', category: 'Security/Cameras', count: 1 });
    const boundary = 'slow-upload-boundary';
    const head = requestHead(
      'POST',
      `/api/products/admin/upload?productId=${product}`,
      100_000,
      `multipart/form-data; boundary=${boundary}`,
    ).replace('X-CSRF: 1', `X-CSRF: 1\r\nCookie: ${cookie}`);
    const client = await slowClient(
      slowUpload.url,
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\n`,
    );
    const answer = await client.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('when a guest starts a large image upload, then the BFF answers 401 before reading the body and closes the connection', async () => {
    const boundary = 'guest-upload-boundary';
    const head = requestHead('POST', '/api/products/admin/upload?productId=x', 10_000_000, `multipart/form-data; boundary=${boundary}`);
    // The upload's own limit is the default 120 s here: only the refusal can end the connection in time.
    const client = await slowClient(
      capped.url,
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\n`,
      '127.0.4.20',
    );
    // The close comes while nearly all of the announced 10 MB is still unsent.
    const answer = await client.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('{"message":"Please log in first"}');
  });

  it('when one address holds CONNECTIONS_PER_ADDRESS connections, then its next one is answered 429 and closed; another address, and the trusted proxy, are not capped', async () => {
    const held = [await slowClient(capped.url, '', '127.0.4.1'), await slowClient(capped.url, '', '127.0.4.1')];
    const over = await slowClient(capped.url, '', '127.0.4.1');
    const refused = await over.closed;
    expect(refused).toMatch(/^HTTP\/1\.1 429/);
    expect(refused).toContain('Too many open connections from your address');
    expect((await requestFrom(capped.url, '127.0.4.2', '/api/categories')).status).toBe(200);

    const proxy = [await slowClient(capped.url, '', '127.0.4.9'), await slowClient(capped.url, '', '127.0.4.9')];
    expect((await requestFrom(capped.url, '127.0.4.9', '/api/categories')).status).toBe(200);

    held[0]!.destroy();
    await expect.poll(async () => (await requestFrom(capped.url, '127.0.4.1', '/api/categories')).status).toBe(200);
    for (const client of [...held, ...proxy]) client.destroy();
  });
});
