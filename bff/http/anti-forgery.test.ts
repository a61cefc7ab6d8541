import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeApi, FAKE_PASSWORD, startFakeApi } from '../testing/fake-api.ts';
import { type TestBff, cookieFrom, postJson, startTestBff } from '../testing/bff-harness.ts';

let upstream: FakeApi;
let bff: TestBff;
let cookie: string;

beforeAll(async () => {
  upstream = await startFakeApi();
  bff = await startTestBff({ apiUrl: upstream.url });
  cookie = cookieFrom(await postJson(`${bff.url}/api/users/login`, { email: 'admin@shop.test', password: FAKE_PASSWORD }));
});

afterAll(async () => {
  await bff?.stop();
  await upstream?.stop();
});

const id = '00000000-0000-4000-8000-0000000000aa';
/** Every state-changing call of spec section 7, and the wallet simulator's control. */
const STATE_CHANGING: Array<[string, string]> = [
  ['POST', '/api/categories/attr'],
  ['POST', '/api/categories'],
  ['DELETE', '/api/categories/Computers%2FLaptops'],
  ['DELETE', `/api/products/admin/${id}`],
  ['POST', '/api/products/admin'],
  ['PUT', `/api/products/admin/${id}`],
  ['POST', `/api/products/admin/upload?productId=${id}`],
  ['POST', `/api/products/admin/upload?cloudinary=true&productId=${id}`],
  ['DELETE', `/api/products/admin/image/%2Fimages%2Fa.png/${id}?cloudinary=true`],
  ['POST', '/api/users/login'],
  ['POST', '/api/users/register'],
  ['PUT', '/api/users/profile'],
  ['POST', `/api/users/review/${id}`],
  ['PUT', `/api/users/${id}`],
  ['DELETE', `/api/users/${id}`],
  ['POST', '/api/orders'],
  ['PUT', `/api/orders/paid/${id}`],
  ['PUT', `/api/orders/delivered/${id}`],
  ['PUT', `/api/orders/cancel/${id}`],
  // The simulated wallet's approve/decline (outside production only).
  ['POST', '/wallet-simulator/control/orders/8AB12345CD6789012'],
];

const send = (method: string, path: string, headers: Record<string, string>) =>
  fetch(bff.url + path, { method, headers: { cookie, 'content-type': 'application/json', ...headers }, body: '{}' });

describe('anti-forgery', () => {
  it.each(STATE_CHANGING)('when %s %s comes without X-CSRF, then 403 and the API never sees it', async (method, path) => {
    const before = upstream.requests.length;
    const res = await send(method, path, {});
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/X-CSRF/);
    expect(upstream.requests.length).toBe(before);
  });

  it.each(STATE_CHANGING)('when %s %s says Sec-Fetch-Site: cross-site, then 403 even with X-CSRF', async (method, path) => {
    const before = upstream.requests.length;
    const res = await send(method, path, { 'x-csrf': '1', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(upstream.requests.length).toBe(before);
  });

  it('when a state-changing call carries X-CSRF: 1 from the same site, then it reaches the API', async () => {
    const res = await send('PUT', `/api/orders/delivered/${id}`, { 'x-csrf': '1', 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ reached: true });
  });

  it.each(STATE_CHANGING)(
    "when %s %s comes beacon-shaped (text/plain, no X-CSRF) even from the shop's own origin, then 403: only the page's counts may come so",
    async (method, path) => {
      const before = upstream.requests.length;
      const res = await send(method, path, {
        'content-type': 'text/plain;charset=utf-8',
        'sec-fetch-site': 'same-origin',
        origin: bff.url,
      });
      expect(res.status).toBe(403);
      expect(upstream.requests.length).toBe(before);
    },
  );

  it("when the page's counts come as a beacon from its own origin, then the API gets them as JSON; with X-CSRF from another site, 403", async () => {
    const res = await send('POST', '/api/machine-counts', { 'content-type': 'text/plain;charset=utf-8', 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
    expect(upstream.requests.at(-1)!.headers['content-type']).toBe('application/json');
    const before = upstream.requests.length;
    expect((await send('POST', '/api/machine-counts', { 'x-csrf': '1', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(upstream.requests.length).toBe(before);
  });

  it('when a GET comes without X-CSRF, then it is proxied', async () => {
    expect((await fetch(`${bff.url}/api/products/bestsellers`)).status).toBe(200);
  });
});

describe('what reaches the API', () => {
  it('when the browser sends its cookie, then the API gets the Bearer token and no Cookie header', async () => {
    const res = await send('POST', `/api/users/review/${id}`, { 'x-csrf': '1', authorization: 'Bearer made-up-by-the-browser' });
    expect(res.status).toBe(200);
    const seen = upstream.requests.at(-1)!;
    expect(seen.url).toBe(`/api/users/review/${id}`);
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers.authorization).toMatch(/^Bearer upstream-token-admin@shop\.test-\d+$/);
    expect(seen.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(seen.body).toBe('{}');
  });

  it('when a guest calls, then no Authorization reaches the API even if the browser made one up', async () => {
    await fetch(`${bff.url}/api/products/admin`, { headers: { authorization: 'Bearer forged' } });
    const seen = upstream.requests.at(-1)!;
    expect(seen.headers.authorization).toBeUndefined();
  });

  it.each(['/images/demo/a.png', '/wallet-simulator/sdk/js'])(
    'when %s is requested, then it is proxied without the cookie',
    async (path) => {
      await fetch(bff.url + path, { headers: { cookie } });
      const seen = upstream.requests.at(-1)!;
      expect(seen.url).toBe(path);
      expect(seen.headers.cookie).toBeUndefined();
    },
  );
});
