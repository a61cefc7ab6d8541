import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, FAKE_PASSWORD, startFakeApi } from '../testing/fake-api.ts';
import { type TestBff, cookieFrom, postJson, startTestBff } from '../testing/bff-harness.ts';
import { GUEST_MARK } from './static-files.ts';

const PARTNER = 'https://partner.example';
let upstream: FakeApi;
let bff: TestBff;

beforeAll(async () => {
  upstream = await startFakeApi();
  bff = await startTestBff({ apiUrl: upstream.url, config: { PARTNER_ORIGINS: [PARTNER] } });
});

afterAll(async () => {
  await bff?.stop();
  await upstream?.stop();
});

describe('the client', () => {
  it.each(['/', '/product-list/category/Computers,Laptops/2', '/product-list/search/node.js', '/admin/orders', '/no/such/page'])(
    'when the browser opens %s, then it gets index.html so the client router decides',
    async (path) => {
      const res = await fetch(bff.url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain('Statefront test client');
    },
  );

  it('when a page is served to a browser without a session, then it says so; with a session it does not; a cookie the BFF cannot read counts as none', async () => {
    const guest = await fetch(`${bff.url}/`);
    expect(await guest.text()).toContain(GUEST_MARK);
    expect(guest.headers.get('vary')).toMatch(/cookie/i);
    const login = await postJson(`${bff.url}/api/users/login`, { email: 'a@shop.test', password: FAKE_PASSWORD });
    expect(login.status).toBe(200);
    const signedIn = await fetch(`${bff.url}/product-list`, { headers: { cookie: cookieFrom(login) } });
    expect(await signedIn.text()).not.toContain(GUEST_MARK);
    // A cookie the BFF cannot read is no session: the page is a guest's (its first call would get 401).
    const forged = await fetch(`${bff.url}/`, { headers: { cookie: 'sf_session=forged' } });
    expect(await forged.text()).toContain(GUEST_MARK);
  });

  it('when a built asset is requested, then the file is served with a long cache', async () => {
    const res = await fetch(`${bff.url}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('client');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('when a missing asset is requested, then 404 rather than HTML', async () => {
    const res = await fetch(`${bff.url}/assets/gone.js`);
    expect(res.status).toBe(404);
  });

  it('when an unknown /api path is requested, then the API answers it, not the SPA fallback', async () => {
    const before = upstream.requests.length;
    await fetch(`${bff.url}/api/no-such-endpoint`);
    expect(upstream.requests.length).toBe(before + 1);
  });

  it('when a page is served, then it carries the CSP and no HSTS outside production', async () => {
    const res = await fetch(`${bff.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
      "style-src 'self' 'unsafe-inline'",
      "connect-src 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('the chat widget', () => {
  it('when a partner site loads the widget, then it may read it', async () => {
    const res = await fetch(`${bff.url}/widgets/chat.js`, { headers: { origin: PARTNER } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('when another site asks, then no CORS permission is given', async () => {
    const res = await fetch(`${bff.url}/widgets/chat.js`, { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('when a missing widget file is requested, then 404', async () => {
    expect((await fetch(`${bff.url}/widgets/nope.js`)).status).toBe(404);
  });
});

describe('production hardening', () => {
  const loginCookie = async (url: string, headers: Record<string, string>) =>
    (
      await fetch(`${url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1', ...headers },
        body: JSON.stringify({ email: 'a@shop.test', password: FAKE_PASSWORD }),
      })
    ).headers.getSetCookie()[0];

  it('when X-Forwarded-Proto says https, then the cookie turns Secure only if TRUST_PROXY trusts the peer', async () => {
    const untrusting = await startTestBff({ apiUrl: upstream.url });
    const trusting = await startTestBff({ apiUrl: upstream.url, config: { TRUST_PROXY: ['loopback'] } });
    try {
      expect(await loginCookie(untrusting.url, { 'x-forwarded-proto': 'https' })).toMatch(/^sf_session=/);
      expect(await loginCookie(trusting.url, { 'x-forwarded-proto': 'https' })).toMatch(/^__Host-sf_session=[^;]+;.*Secure/);
    } finally {
      await Promise.all([untrusting.stop(), trusting.stop()]);
    }
  });

  it('when the BFF runs in production behind TLS, then HSTS is sent and the cookie is Secure with the __Host- prefix', async () => {
    const prod = await startTestBff({ apiUrl: upstream.url, config: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example' } });
    try {
      const page = await fetch(`${prod.url}/`);
      expect(page.headers.get('strict-transport-security')).toContain('max-age=');
      const login = await fetch(`${prod.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf': '1' },
        body: JSON.stringify({ email: 'a@shop.test', password: FAKE_PASSWORD }),
      });
      expect(login.headers.getSetCookie()[0]).toMatch(/^__Host-sf_session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    } finally {
      await prod.stop();
    }
  });
});
