import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrderAt } from '../../api/components/orders/fixtures.ts';
import { addProduct } from '../../api/testing/test-api.ts';
import { type ShopBehindBff, startShopBehindBff } from './shop-behind-bff.ts';

/**
 * The admin lists answer one page with `?page=&limit=` (the total in X-Total-Count),
 * and the whole array without them. Walked through the BFF's public port, as the admin tables call them.
 */
const LISTS = ['/api/orders/admin', '/api/products/admin', '/api/users'] as const;
const ORDERS = 25;
const PRODUCTS = 23;
const MORE_USERS = 21;

describe('admin lists a page at a time, through the BFF', () => {
  let shop: ShopBehindBff;
  const get = (path: string, cookie: string | null = shop.adminCookie, headers: Record<string, string> = {}) =>
    fetch(shop.bff.url + path, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  const ids = async (res: Response): Promise<string[]> => ((await res.json()) as Array<{ _id: string }>).map((row) => row._id);

  beforeAll(async () => {
    shop = await startShopBehindBff();
    const t = shop.api;
    const { rows } = await t.db.query<{ id: string }>('select id from users limit 1');
    // Some orders share a time, so the id tie-break decides their order.
    for (let i = 0; i < ORDERS; i += 1)
      await insertOrderAt(t, rows[0]!.id, new Date(Date.UTC(2026, 0, 1, 0, Math.floor(i / 3))).toISOString(), 100 + i);
    for (let i = 0; i < PRODUCTS; i += 1)
      await addProduct(t, { name: `Product ${String.fromCharCode(90 - (i % 26))}${i}`, priceCents: 100, count: 1 });
    for (let i = 0; i < MORE_USERS; i += 1) await t.register({ name: `User${i}` });
  }, 60_000);
  afterAll(() => shop.stop());

  describe.each(LISTS)('%s', (list) => {
    it('when an admin asks for no page, then the whole array comes as before, without X-Total-Count', async () => {
      const res = await get(list);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBeNull();
      const all = await ids(res);
      expect(all.length).toBeGreaterThan(20);
    });

    it('when an admin asks page 2 of 10, then rows 11 to 20 of the whole list come, with the total in X-Total-Count', async () => {
      const all = await ids(await get(list));
      const res = await get(`${list}?page=2&limit=10`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(all.length));
      expect(await ids(res)).toEqual(all.slice(10, 20));
    });

    it('when an admin asks for the last page, then only the rows left come; past it, an empty array with the total', async () => {
      const all = await ids(await get(list));
      const last = Math.ceil(all.length / 10);
      expect(await ids(await get(`${list}?page=${last}&limit=10`))).toEqual(all.slice((last - 1) * 10));
      const beyond = await get(`${list}?page=${last + 1}&limit=10`);
      expect(beyond.headers.get('x-total-count')).toBe(String(all.length));
      expect(await beyond.json()).toEqual([]);
    });

    it('when an admin gives only page, then 20 rows come; only limit, then the first page', async () => {
      const all = await ids(await get(list));
      expect(await ids(await get(`${list}?page=1`))).toEqual(all.slice(0, 20));
      expect(await ids(await get(`${list}?limit=5`))).toEqual(all.slice(0, 5));
    });

    it.each([
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=abc', 'limit'],
      ['page=1.5', 'page'],
      ['page=-1', 'page'],
      ['page=1&page=2', 'page'],
    ])('when an admin asks ?%s, then 400 names %s', async (query, field) => {
      const res = await get(`${list}?${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { field?: string }).field).toBe(field);
    });

    it('when a customer or a guest asks, with or without a page, then 403 or 401 as before and no rows', async () => {
      for (const query of ['', '?page=1&limit=10']) {
        const customer = await get(list + query, shop.customerCookie);
        expect(customer.status).toBe(403);
        expect(customer.headers.get('x-total-count')).toBeNull();
        const guest = await get(list + query, null);
        expect(guest.status).toBe(401);
        expect(guest.headers.get('x-total-count')).toBeNull();
      }
    });
  });

  it('when the page is large enough to be compressed, then X-Total-Count still comes beside Content-Encoding', async () => {
    const res = await get('/api/orders/admin?page=1&limit=100', shop.adminCookie, { 'accept-encoding': 'br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('x-total-count')).toBe(String(ORDERS));
    expect(await ids(res)).toHaveLength(ORDERS);
  });
});
