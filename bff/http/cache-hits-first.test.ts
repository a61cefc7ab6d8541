import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { type TestBff, startTestBff } from '../testing/bff-harness.ts';

/**
 * The cache's hits are answered before Express (cache-hits-first.ts). Through the
 * BFF's port: a hit must be the answer Express would give, headers, log line and limits alike.
 */
describe('cached catalogue answers given before Express', () => {
  let api: TestApi;
  let bff: TestBff;

  beforeAll(async () => {
    api = await startTestApi({ attachments: [] });
    bff = await startTestBff({
      apiUrl: api.url,
      apiLimitPerMinute: 3,
      // Each test speaks for a shopper of its own address, as a balancer would tell it.
      config: { CATALOGUE_CACHE_BYTES: 1024 * 1024, CATALOGUE_MAX_AGE_SECONDS: 600, TRUST_PROXY: ['loopback'] },
    });
  });
  afterAll(async () => {
    await bff?.stop();
    await api?.stop();
  });

  const get = (p: string, from: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(bff.url + p, { method, headers: { 'x-forwarded-for': from, ...headers } });

  it('when a guest asks a kept call, then the hit carries every header the miss had: security headers, instance, its own request id', async () => {
    const miss = await get('/api/categories', '10.0.0.1');
    const hit = await get('/api/categories', '10.0.0.2');
    expect(miss.headers.get('x-statefront-cache')).toBe('miss');
    expect(hit.headers.get('x-statefront-cache')).toBe('hit');
    const names = (res: Response) => [...res.headers.keys()].sort();
    expect(names(hit)).toEqual(names(miss));
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'cross-origin-opener-policy',
      'x-instance',
      'cache-control',
      'vary',
      'etag',
    ]) {
      expect(hit.headers.get(name), name).toBe(miss.headers.get(name));
    }
    expect(hit.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(hit.headers.get('x-request-id')).not.toBe(miss.headers.get('x-request-id'));
    expect(await hit.json()).toEqual(await miss.json());
    // A balancer's well-formed request id is kept, as for any request.
    const traced = await get('/api/categories', '10.0.0.2', { 'x-request-id': 'balancer-id-123' });
    expect(traced.headers.get('x-statefront-cache')).toBe('hit');
    expect(traced.headers.get('x-request-id')).toBe('balancer-id-123');
    expect(bff.logs.some((line) => line.includes('"requestId":"balancer-id-123"') && line.includes('"status":200'))).toBe(true);
  });

  it('when a guest asks HEAD or sends the ETag it holds, then the hit is the length without a body, or a 304', async () => {
    const full = await get('/api/products/bestsellers', '10.0.1.1');
    const body = await full.arrayBuffer();
    const head = await get('/api/products/bestsellers', '10.0.1.2', {}, 'HEAD');
    expect(head.headers.get('x-statefront-cache')).toBe('hit');
    expect(Number(head.headers.get('content-length'))).toBe(body.byteLength);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    // fetch adds `Cache-Control: no-cache` to a conditional request; a browser's reload says max-age=0.
    const again = await get('/api/products/bestsellers', '10.0.1.2', {
      'if-none-match': full.headers.get('etag')!,
      'cache-control': 'max-age=0',
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-statefront-cache')).toBe('hit');
  });

  it('when one address is over its limit, then its hits are refused with Retry-After while another address is still served', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get('/api/categories', '10.0.2.1')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await get('/api/categories', '10.0.2.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ message: 'Too many requests. Wait a minute and try again.' });
    const other = await get('/api/categories', '10.0.2.2');
    expect(other.status).toBe(200);
    expect(other.headers.get('x-statefront-cache')).toBe('hit');
  });

  it('when a guest asks no-cache, then the answer is fetched now; a cookie without a session still gets the guests’ copy (through Express)', async () => {
    await get('/api/categories', '10.0.3.1');
    const fresh = await get('/api/categories', '10.0.3.3', { 'cache-control': 'no-cache' });
    expect(fresh.headers.get('x-statefront-cache')).toBe('miss');
    const withCookie = await get('/api/categories', '10.0.3.2', { cookie: 'theme=dark' });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get('x-statefront-cache')).toBe('hit');
    expect(withCookie.headers.get('content-security-policy')).toBeTruthy();
  });
});
