import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductListResponse } from '#contracts/product.ts';
import type { Order } from '#contracts/order.ts';
import { body, customerWithProfile } from '../../api/testing/test-api.ts';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import { type TestApi, startTestApi } from '../../api/testing/api-harness.ts';
import { type TestBff, loginThroughBff, postJson, startTestBff } from '../testing/bff-harness.ts';
import { startFakeApi } from '../testing/fake-api.ts';
import { sample } from '../../tests/support/metrics-text.ts';

const METRICS_TOKEN = 'catalogue-metrics-token-0123456789';

const MAX_AGE = 1;
const GUEST_RULE = `public, max-age=${MAX_AGE}, stale-while-revalidate=60`;

// A render bundle of a few lines: the page shows the product's price from the API answer it is given.
const BUNDLE = `export const dataUrlsOf = (url) => url.startsWith('/product-details/') ? ['/api/products/get-one/' + url.split('/')[2]] : null;
export const render = async (url, data) => ({ html: '<p>price ' + Object.values(data)[0]?.price + '</p>', styles: '', lcpImage: null });`;
const INDEX = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';

/** The catalogue's caching (docs/decisions/011-catalogue-caching.md), through the BFF's port as `npm start` runs it (its own cache on). */
describe('the catalogue through the BFF and its cache', () => {
  let api: TestApi;
  let bff: TestBff;
  let dir: string;
  let lamp: string;
  let apiCalls: string[];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'statefront-cache-test-'));
    await writeFile(path.join(dir, 'entry-server.js'), BUNDLE);
    api = await startTestApi({ attachments: [], config: { CATALOGUE_MAX_AGE_SECONDS: MAX_AGE, METRICS_TOKEN } });
    apiCalls = [];
    // Before Express runs (its mounts rewrite req.url).
    api.server.prependListener('request', (req: { url?: string }) => apiCalls.push(req.url ?? ''));
    lamp = await addProduct(api.db, { name: 'Lamp', category: 'Lighting', priceCents: 4_999, images: [{ path: '/images/a.jpg' }] });
    bff = await startTestBff({
      apiUrl: api.url,
      serverDir: dir,
      apiLimitPerMinute: 1_000,
      config: { CATALOGUE_CACHE_BYTES: 1024 * 1024, CATALOGUE_MAX_AGE_SECONDS: MAX_AGE, METRICS_TOKEN },
    });
    await writeFile(path.join(bff.clientDir, 'index.html'), INDEX);
  });
  afterAll(async () => {
    await bff?.stop();
    await api?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (p: string, headers: Record<string, string> = {}) => fetch(bff.url + p, { headers });
  const callsTo = (p: string) => apiCalls.filter((url) => url === p).length;
  const sessionCookie = async () => loginThroughBff(bff, await customerWithProfile(api));

  /** The cache's hits and misses so far, from the BFF's /metrics. */
  const cacheCounts = async () => {
    const text = await (await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).text();
    return {
      hit: sample(text, 'statefront_catalogue_cache_requests_total', { result: 'hit' }) ?? 0,
      miss: sample(text, 'statefront_catalogue_cache_requests_total', { result: 'miss' }) ?? 0,
    };
  };

  it('when guests ask the same catalogue call again, then the BFF answers from its cache, the API is asked once, and /metrics counts the hit and the miss', async () => {
    const p = '/api/products/bestsellers';
    const before = await cacheCounts();
    const first = await get(p);
    let second = await get(p);
    // The lifetime is one second: a machine that stalled past it asks once more.
    if (second.headers.get('x-statefront-cache') !== 'hit') second = await get(p);
    expect(first.headers.get('cache-control')).toBe(GUEST_RULE);
    expect(second.headers.get('x-statefront-cache')).toBe('hit');
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('vary')).toMatch(/Cookie/);
    expect(await second.text()).toBe(await first.text());
    expect(callsTo(p)).toBeLessThanOrEqual(2);
    const after = await cacheCounts();
    expect(after.hit - before.hit).toBeGreaterThanOrEqual(1);
    expect(after.miss - before.miss).toBe(callsTo(p));
  });

  it('when a guest sends the ETag it holds, then the answer is 304', async () => {
    const p = `/api/products/get-one/${lamp}`;
    const tag = (await get(p)).headers.get('etag')!;
    const again = await get(p, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(tag);
  });

  it('when the call carries a session cookie, then it is private, no-cache with the same ETag and never from the cache', async () => {
    const cookie = await sessionCookie();
    const p = '/api/products?pageNum=1';
    const guest = await get(p);
    const before = callsTo(p);
    const mine = await get(p, { cookie });
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    expect(mine.headers.get('etag')).toBe(guest.headers.get('etag'));
    expect(mine.headers.get('x-statefront-cache')).toBeNull();
    expect(callsTo(p)).toBe(before + 1);
    // Anything personal stays no-store.
    expect((await get('/api/orders', { cookie })).headers.get('cache-control')).toBe('no-store');
  });

  it('when a logged-in shopper loads a product image, then it keeps the images rule (a year, immutable) and no Vary: Cookie', async () => {
    await mkdir(path.join(api.config.DATA_DIR, 'images'), { recursive: true });
    await writeFile(path.join(api.config.DATA_DIR, 'images', 'c.jpg'), 'jpeg bytes');
    const cookie = await sessionCookie();
    for (const headers of [{ cookie }, {}] as Record<string, string>[]) {
      const res = await get('/images/c.jpg', headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('vary') ?? '').not.toMatch(/cookie/i);
    }
  });

  it('when a price, stock and image change, then after CATALOGUE_MAX_AGE_SECONDS + 1 s no answer or page carries the old ones', async () => {
    const details = `/api/products/get-one/${lamp}`;
    const page = `/product-details/${lamp}`;
    await Promise.all([get(details), get('/api/products?pageNum=1'), get(page)]);
    expect(await (await get(page)).text()).toContain('price 49.99');
    await api.db.query(`update products set price_cents = 3999, count = 2, images = '[{"path":"/images/b.jpg"}]' where id = $1`, [lamp]);
    const changed = Date.now();
    await sleep(changed + (MAX_AGE + 1) * 1000 - Date.now());
    const product = (await (await get(details)).json()) as Product;
    expect([product.price, product.count, product.images[0]?.path]).toEqual([39.99, 2, '/images/b.jpg']);
    const listed = ((await (await get('/api/products?pageNum=1')).json()) as ProductListResponse).products.find((p) => p._id === lamp)!;
    expect([listed.price, listed.count, listed.images[0]?.path]).toEqual([39.99, 2, '/images/b.jpg']);
    expect(await (await get(page)).text()).toContain('price 39.99');
  });

  it('when the cart asks a product with Cache-Control: no-cache, then the BFF answers the stock now, not its kept copy', async () => {
    const details = `/api/products/get-one/${lamp}`;
    await get(details);
    await api.db.query('update products set count = count + 1 where id = $1', [lamp]);
    const { count } = (await api.db.query<{ count: number }>('select count from products where id = $1', [lamp])).rows[0]!;
    const now = (await (await get(details, { 'cache-control': 'no-cache' })).json()) as Product;
    expect(now.count).toBe(count);
  });

  it('when a shopper checks out with the price of a cached answer, then the server prices the order from its own price', async () => {
    const details = `/api/products/get-one/${lamp}`;
    const seen = ((await (await get(details)).json()) as Product).price;
    await api.db.query('update products set price_cents = 2500, count = 50 where id = $1', [lamp]);
    const cookie = await sessionCookie();
    const res = await postJson(`${bff.url}/api/orders`, body([{ productID: lamp, quantity: 2, price: seen }]), { cookie });
    expect(res.status).toBe(201);
    const order = (await res.json()) as Order;
    expect(order.orderTotal.cartSubtotal).toBe(50);
  });

  it('when a guest page is served, then it is public, the same bytes each time, with no nonce, token or Set-Cookie', async () => {
    const page = `/product-details/${lamp}`;
    const [a, b] = [await get(page), await get(page)];
    expect(a.headers.get('cache-control')).toBe(GUEST_RULE);
    for (const res of [a, b]) expect(res.headers.get('set-cookie')).toBeNull();
    const [htmlA, htmlB] = [await a.text(), await b.text()];
    expect(htmlA).toBe(htmlB);
    expect(htmlA).not.toMatch(/nonce|csrf|token/i);
    expect(a.headers.get('content-security-policy')).not.toMatch(/nonce-/);
    expect((await get(page, { cookie: await sessionCookie() })).headers.get('cache-control')).toBe('private, no-cache');
  });
});

describe('the BFF cache and the limits', () => {
  it('when a guest is over the request limit, then a cached answer is refused too (limits count before the cache)', async () => {
    const api = await startTestApi({ attachments: [] });
    const bff = await startTestBff({ apiUrl: api.url, apiLimitPerMinute: 2, config: { CATALOGUE_CACHE_BYTES: 1024 * 1024 } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${bff.url}/api/categories`)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await bff.stop();
      await api.stop();
    }
  });

  it('when a guest adds random query parameters to a product page, then it is rendered once; its renders count against the address like API calls, and past the allowance a page is refused too', async () => {
    const api = await startFakeApi();
    const bundleDir = await mkdtemp(path.join(tmpdir(), 'statefront-render-limit-'));
    await writeFile(path.join(bundleDir, 'entry-server.js'), BUNDLE);
    const bff = await startTestBff({
      apiUrl: api.url,
      serverDir: bundleDir,
      apiLimitPerMinute: 4,
      config: { CATALOGUE_CACHE_BYTES: 1024 * 1024, CATALOGUE_MAX_AGE_SECONDS: 60 },
    });
    try {
      await writeFile(path.join(bff.clientDir, 'index.html'), INDEX);
      const page = (r: number) => fetch(`${bff.url}/product-details/lamp?r=${r}`);
      expect([(await page(1)).status, (await page(2)).status]).toEqual([200, 200]);
      expect(api.requests.filter((r) => r.url.startsWith('/api/products/get-one/')).map((r) => r.url)).toEqual([
        '/api/products/get-one/lamp',
      ]);
      for (let i = 0; i < 2; i++) expect((await fetch(`${bff.url}/api/categories`)).status).toBe(200);
      const refused = await page(3);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toEqual({ message: 'Too many requests. Wait a minute and try again.' });
    } finally {
      await bff.stop();
      await api.stop();
      await rm(bundleDir, { recursive: true, force: true });
    }
  });
});
