import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#contracts/order.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { addProduct, adminWithProfile, body, customerWithProfile, placeOrder, type Shopper } from '../../testing/test-api.ts';

describe('reading orders', () => {
  let t: TestApi;
  let ada: Shopper;
  let bob: Shopper;
  let boss: Shopper;
  let adaOrders: Order[];
  let bobOrder: Order;
  let product: string;
  beforeAll(async () => {
    t = await startTestApi();
    [ada, bob, boss] = [
      await customerWithProfile(t, { name: 'Ada' }),
      await customerWithProfile(t, { name: 'Bob' }),
      await adminWithProfile(t),
    ];
    product = await addProduct(t, { name: 'Notebook', priceCents: 350, count: 100 });
    adaOrders = [];
    for (const quantity of [1, 2, 3]) adaOrders.push(await placeOrder(t, ada.token, body([{ productID: product, quantity }])));
    bobOrder = await placeOrder(t, bob.token, body([{ productID: product, quantity: 4 }]));
  });
  afterAll(() => t.stop());

  const get = (token: string | undefined, path: string) => t.authed(token)(path);

  it('when a user lists their orders, then only theirs come, newest first', async () => {
    const res = await get(ada.token, '/api/orders');
    expect(res.status).toBe(200);
    const list = (await res.json()) as Order[];
    expect(list.map((o) => o._id)).toEqual(adaOrders.map((o) => o._id).reverse());
    expect(list.every((o) => o.user._id === ada.id)).toBe(true);
    expect(list[0]!.cartItems[0]).toMatchObject({ productID: product, price: 3.5, quantity: 3, count: 90 });
  });

  it('when a user opens their own order, then it comes with its timeline', async () => {
    const res = await get(ada.token, `/api/orders/user/${adaOrders[0]!._id}`);
    expect(res.status).toBe(200);
    const order = (await res.json()) as Order;
    expect(order).toMatchObject({ _id: adaOrders[0]!._id, orderTotal: { itemsCount: 1, cartSubtotal: 3.5 } });
    expect(order.events).toEqual([{ type: 'created', at: order.createdAt }]);
  });

  it("when a user opens someone else's order, an unknown id or a malformed one, then 404 alike", async () => {
    for (const id of [bobOrder._id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await get(ada.token, `/api/orders/user/${id}`);
      expect(res.status, id).toBe(404);
      expect(JSON.stringify(await res.json())).not.toContain('Bob');
    }
  });

  it('when an admin opens any order through the user route, then they get it', async () => {
    const res = await get(boss.token, `/api/orders/user/${bobOrder._id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Order).user.name).toBe('Bob');
  });

  it('when an admin lists all orders, then everyone’s come newest first with the buyer’s name', async () => {
    const res = await get(boss.token, '/api/orders/admin');
    expect(res.status).toBe(200);
    const list = (await res.json()) as Order[];
    expect(list.map((o) => o._id)).toEqual([bobOrder, ...[...adaOrders].reverse()].map((o) => o._id));
    expect(list.map((o) => `${o.user.name} ${o.user.lastName}`)).toEqual(['Bob Lovelace', 'Ada Lovelace', 'Ada Lovelace', 'Ada Lovelace']);
  });

  it('when a visitor calls any order route, then 401; a non-admin on admin routes, then 403', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const adminRoutes: Array<[string, string]> = [
      ['GET', '/api/orders/admin'],
      ['PUT', `/api/orders/delivered/${bobOrder._id}`],
      ['GET', `/api/orders/analysis/${today}`],
      ['GET', `/api/orders/analysis/${today}?bucket=hour`],
    ];
    for (const [method, path] of adminRoutes) {
      expect((await t.authed(ada.token)(path, { method })).status, `${method} ${path}`).toBe(403);
      expect((await t.authed(undefined)(path, { method })).status, `${method} ${path}`).toBe(401);
    }
    for (const path of ['/api/orders', `/api/orders/user/${bobOrder._id}`]) expect((await get(undefined, path)).status, path).toBe(401);
    const { rows } = await t.db.query<{ is_delivered: boolean }>('select is_delivered from orders where id = $1', [bobOrder._id]);
    expect(rows[0]!.is_delivered).toBe(false);
  });
});
