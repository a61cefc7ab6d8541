import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '#contracts/admin-page.ts';
import type { Order } from '#contracts/order.ts';
import { ORDER_SEARCH_INVALID } from '#contracts/order-search.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { addProduct, adminWithProfile, body, customerWithProfile, placeOrder, type Shopper } from '../../testing/test-api.ts';

/** The number customers read: `Order #` and the first 8 characters of the id, upper case. */
const numberOf = (o: Pick<Order, '_id'>) => `Order #${o._id.slice(0, 8).toUpperCase()}`;

describe('admin orders: search by order number or id', () => {
  let t: TestApi;
  let boss: Shopper;
  let ada: Shopper;
  let placed: Order[];
  beforeAll(async () => {
    t = await startTestApi();
    [ada, boss] = [await customerWithProfile(t, { name: 'Ada' }), await adminWithProfile(t)];
    const product = await addProduct(t, { name: 'Notebook', priceCents: 350, count: 100 });
    placed = [];
    for (let i = 0; i < 5; i++) placed.push(await placeOrder(t, ada.token, body([{ productID: product, quantity: 1 }])));
  });
  afterAll(() => t.stop());

  const search = (text: string, extra = '', token = boss.token) =>
    t.authed(token)(`/api/orders/admin?search=${encodeURIComponent(text)}${extra}`);
  const ids = async (res: Response) => ((await res.json()) as Order[]).map((o) => o._id);

  it('when the admin searches an order number as customers read it, then that order alone comes back', async () => {
    const target = placed[2]!;
    for (const text of [numberOf(target), `#${target._id.slice(0, 8)}`, target._id.slice(0, 8).toUpperCase()]) {
      const res = await search(text);
      expect(res.status, text).toBe(200);
      expect(await ids(res), text).toEqual([target._id]);
    }
  });

  it('when the admin searches the whole id, then that order comes back', async () => {
    const res = await search(placed[4]!._id);
    expect(await ids(res)).toEqual([placed[4]!._id]);
  });

  it('when the search is the start of several ids, then all of them come newest first, a page at a time with the count', async () => {
    const first = placed[0]!._id[0]!;
    const expected = [...placed]
      .reverse()
      .filter((o) => o._id.startsWith(first))
      .map((o) => o._id);
    expect(await ids(await search(first))).toEqual(expected);
    const page = await search(first, '&page=1&limit=1');
    expect(page.headers.get(TOTAL_COUNT_HEADER)).toBe(String(expected.length));
    expect(await ids(page)).toEqual(expected.slice(0, 1));
  });

  it('when no order has that number, then an empty list (and a count of 0 on a page)', async () => {
    const unused = ['00000000', 'ffffffff'].find((p) => !placed.some((o) => o._id.startsWith(p)))!;
    expect(await ids(await search(`Order #${unused}`))).toEqual([]);
    expect((await search(unused, '&page=1')).headers.get(TOTAL_COUNT_HEADER)).toBe('0');
  });

  it('when the search is empty, then it counts as absent: every order', async () => {
    const res = await search('  ');
    expect(res.status).toBe(200);
    expect(await ids(res)).toEqual([...placed].reverse().map((o) => o._id));
  });

  it.each(['john', 'Order #XYZ12345', `${'a'.repeat(101)}`])(
    'when the search "%s" is no order number or id, then 400 naming search',
    async (text) => {
      const res = await search(text);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: ORDER_SEARCH_INVALID, field: 'search' });
    },
  );

  it('when the search is given twice, then 400 naming search', async () => {
    const res = await t.authed(boss.token)('/api/orders/admin?search=a&search=b');
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe('search');
  });

  it('when a customer searches, then 403', async () => {
    expect((await search(placed[0]!._id.slice(0, 8), '', ada.token)).status).toBe(403);
  });
});
