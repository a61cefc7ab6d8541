import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addProduct as addOrderableProduct, body, customerWithProfile, placeOrder } from '../testing/test-api.ts';
import { addProduct } from '../components/products/test-fixtures.ts';
import { type TestApi, startTestApi } from '../testing/api-harness.ts';

/** The catalogue's caching headers (docs/decisions/011-catalogue-caching.md), and ETags made of versions checked before any product query. */
describe('catalogue answers by version (API)', () => {
  let t: TestApi;
  let laptop: string;
  let novel: string;
  beforeAll(async () => {
    t = await startTestApi({ attachments: [], config: { CATALOGUE_MAX_AGE_SECONDS: 7 } });
    laptop = await addProduct(t.db, { name: 'Laptop', category: 'Computers', priceCents: 99_900, count: 5 });
    novel = await addProduct(t.db, { name: 'Novel', category: 'Books', priceCents: 1_500, count: 5 });
  });
  afterAll(() => t.stop());

  const CATALOGUE = () => [
    '/api/products?pageNum=1',
    '/api/products/category/Computers',
    '/api/products/search/laptop',
    '/api/products/bestsellers',
    '/api/categories',
    `/api/products/get-one/${laptop}`,
  ];
  const get = (path: string, headers: Record<string, string> = {}) => fetch(t.url + path, { headers });

  it('when a guest asks any catalogue call, then it is public for CATALOGUE_MAX_AGE_SECONDS with a strong ETag', async () => {
    for (const path of CATALOGUE()) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=7, stale-while-revalidate=60');
      expect(res.headers.get('etag'), path).toMatch(/^"[a-z]+\.\d+/);
      expect(res.headers.get('vary'), path).toMatch(/Accept-Encoding/);
    }
  });

  it('when the same ETag comes back, then the answer is 304 and no product query runs', async () => {
    for (const path of CATALOGUE()) {
      const first = await get(path, { 'accept-encoding': 'br' });
      const tag = first.headers.get('etag')!;
      const spy = vi.spyOn(t.db, 'query');
      const again = await get(path, { 'if-none-match': tag, 'accept-encoding': 'br' });
      const sql = spy.mock.calls.map(([text]) => text);
      spy.mockRestore();
      expect(again.status, path).toBe(304);
      expect(again.headers.get('etag'), path).toBe(tag);
      expect(sql, path).toEqual([expect.stringMatching(/from catalogue_versions/)]);
    }
  });

  it('when a token comes with the call, then it is private, no-cache with the same ETag', async () => {
    const { token } = await t.register();
    const path = `/api/products/get-one/${novel}`;
    const guest = await get(path);
    const user = await get(path, { authorization: `Bearer ${token}` });
    expect(user.headers.get('cache-control')).toBe('private, no-cache');
    expect(user.headers.get('etag')).toBe(guest.headers.get('etag'));
  });

  it('when a call is refused, then the refusal carries no ETag and no caching', async () => {
    const res = await get('/api/products?pageNum=abc');
    expect(res.status).toBe(400);
    expect(res.headers.get('etag') ?? '').not.toMatch(/^"list\./);
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it("when an admin changes a price, then that product's details and every list change their ETag", async () => {
    const tagOf = async (path: string) => (await get(path)).headers.get('etag');
    const before = { list: await tagOf('/api/products'), laptop: await tagOf(`/api/products/get-one/${laptop}`) };
    await t.db.query('update products set price_cents = 89900 where id = $1', [laptop]);
    expect(await tagOf('/api/products')).not.toBe(before.list);
    expect(await tagOf(`/api/products/get-one/${laptop}`)).not.toBe(before.laptop);
  });

  it("when an order takes stock of one product, then another product's details keep their ETag and the lists change theirs", async () => {
    const product = await addOrderableProduct(t, { priceCents: 500, count: 10 });
    const buyer = await customerWithProfile(t);
    const tagOf = async (path: string) => (await get(path)).headers.get('etag');
    const before = { list: await tagOf('/api/products'), novel: await tagOf(`/api/products/get-one/${novel}`) };
    const beforeBought = await tagOf(`/api/products/get-one/${product}`);
    await placeOrder(t, buyer.token, body([{ productID: product, quantity: 1 }]));
    expect(await tagOf(`/api/products/get-one/${novel}`)).toBe(before.novel);
    expect(await tagOf(`/api/products/get-one/${product}`)).not.toBe(beforeBought);
    // The list's body carries each product's count, so its bytes (and tag) follow the stock.
    expect(await tagOf('/api/products')).not.toBe(before.list);
  });

  it('when a review is added, then the product details change their ETag', async () => {
    const { token } = await t.register();
    const path = `/api/products/get-one/${novel}`;
    const before = (await get(path)).headers.get('etag');
    const res = await t.authed(token)(`/api/users/review/${novel}`, {
      method: 'POST',
      body: JSON.stringify({ comment: 'Lovely', rating: 5 }),
    });
    expect(res.status).toBeLessThan(300);
    expect((await get(path)).headers.get('etag')).not.toBe(before);
  });

  it('when a category is created, then the categories change their ETag and the product details keep theirs', async () => {
    const before = {
      categories: (await get('/api/categories')).headers.get('etag'),
      laptop: (await get(`/api/products/get-one/${laptop}`)).headers.get('etag'),
    };
    await t.db.query(`insert into categories (name) values ('Garden')`);
    expect((await get('/api/categories')).headers.get('etag')).not.toBe(before.categories);
    expect((await get(`/api/products/get-one/${laptop}`)).headers.get('etag')).toBe(before.laptop);
  });
});
