import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewOrderPayload } from '#contracts/chat.ts';
import type { Order } from '#contracts/order.ts';
import { MESSAGES, SHIPPING_FIELDS } from '#contracts/rules.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { orderCount, productRow } from './fixtures.ts';
import { addProduct, body, customerWithProfile, post, type Shopper } from '../../testing/test-api.ts';

describe('placing an order', () => {
  let t: TestApi;
  let ada: Shopper;
  const emitted: NewOrderPayload[] = [];
  beforeAll(async () => {
    t = await startTestApi();
    t.api.context.events.on('orderCreated', (o) => emitted.push(o));
    ada = await customerWithProfile(t);
  });
  afterAll(() => t.stop());

  it('when a user orders, then 201 with the order priced by the shop, stock taken, sales counted, the event stored and announced', async () => {
    const mouse = await addProduct(t, { name: 'Mouse', priceCents: 1999, count: 10 });
    const desk = await addProduct(t, { name: 'Desk', priceCents: 25_000, count: 3 });
    const res = await post(
      t,
      ada.token,
      body(
        [
          { productID: mouse, quantity: 2 },
          { productID: desk, quantity: 1 },
        ],
        'cod',
      ),
    );
    expect(res.status).toBe(201);
    const order = (await res.json()) as Order;
    expect(order).toMatchObject({
      _id: expect.any(String),
      user: { _id: ada.id, name: 'Ada', lastName: 'Lovelace', address: '12 Analytical St', city: 'London', zipCode: 'N1 9GU' },
      orderTotal: { itemsCount: 3, cartSubtotal: (2 * 1999 + 25_000) / 100 },
      paymentMethod: 'cod',
      isPaid: false,
      isDelivered: false,
    });
    expect(order.cartItems).toEqual([
      { productID: mouse, name: 'Mouse', price: 19.99, image: { path: '/images/test.png' }, count: 8, quantity: 2 },
      { productID: desk, name: 'Desk', price: 250, image: { path: '/images/test.png' }, count: 2, quantity: 1 },
    ]);
    expect(Date.parse(order.createdAt)).not.toBeNaN();
    expect(await productRow(t, mouse)).toEqual({ count: 8, sales: 2 });
    expect(await productRow(t, desk)).toEqual({ count: 2, sales: 1 });
    const { rows } = await t.db.query<{ type: string }>('select type from order_events where order_id = $1', [order._id]);
    expect(rows).toEqual([{ type: 'created' }]);
    expect(emitted).toContainEqual({
      _id: order._id,
      createdAt: order.createdAt,
      orderTotal: { cartSubtotal: order.orderTotal.cartSubtotal },
    });
  });

  it('when the client sends its own prices and totals, then they are ignored and recomputed from the products', async () => {
    const lamp = await addProduct(t, { name: 'Lamp', priceCents: 4550, count: 5 });
    const payload = body([{ productID: lamp, quantity: 2, price: 0.01 }]);
    payload.orderTotal = { itemsCount: 99, cartSubtotal: 0.02 };
    const order = (await (await post(t, ada.token, payload)).json()) as Order;
    expect(order.orderTotal).toEqual({ itemsCount: 2, cartSubtotal: 91 });
    expect(order.cartItems[0]).toMatchObject({ price: 45.5, name: 'Lamp' });
    const { rows } = await t.db.query<{ subtotal_cents: number }>('select subtotal_cents from orders where id = $1', [order._id]);
    expect(rows[0]!.subtotal_cents).toBe(9100);
  });

  it('when a quantity exceeds the stock, then 400 naming the line and the product, and nothing is taken', async () => {
    const pen = await addProduct(t, { name: 'Pen', priceCents: 100, count: 50 });
    const chair = await addProduct(t, { name: 'Office Chair', priceCents: 9900, count: 2 });
    const before = await orderCount(t);
    const res = await post(
      t,
      ada.token,
      body([
        { productID: pen, quantity: 5 },
        { productID: chair, quantity: 3 },
      ]),
    );
    expect(res.status).toBe(400);
    const error = (await res.json()) as { message: string; field: string };
    expect(error.field).toBe('cartItems.1.quantity');
    expect(error.message).toContain('Office Chair');
    expect(error.message).toContain('2');
    expect(await productRow(t, pen)).toEqual({ count: 50, sales: 0 });
    expect(await orderCount(t)).toBe(before);
  });

  it('when a fresh account with an empty profile orders the whole stock by wallet, then 400 naming every missing field and the stock stays', async () => {
    const { token } = await t.register();
    const console_ = await addProduct(t, { name: 'Console', priceCents: 49_900, count: 7 });
    const before = await orderCount(t);
    const res = await post(t, token, body([{ productID: console_, quantity: 7 }], 'pp'));
    expect(res.status).toBe(400);
    const error = (await res.json()) as { message: string; field: string };
    expect(error.field).toBe('address');
    expect(error.message).toBe(`${MESSAGES.fillProfile} Missing: address, city, country, zipCode, state, phoneNumber.`);
    expect(await productRow(t, console_)).toEqual({ count: 7, sales: 0 });
    expect(await orderCount(t)).toBe(before);
  });

  it.each(SHIPPING_FIELDS.flatMap((field) => ['  ', '\u200b', 'x'].map((stored) => [field, stored] as const)))(
    'when only %s is missing from the profile (stored as %j), then 400 naming it alone and nothing is taken',
    async (missing, stored) => {
      const who = await customerWithProfile(t, { name: 'Eve' });
      const column = missing.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      await t.db.query(`update users set ${column} = $2 where id = $1`, [who.id, stored]);
      const cup = await addProduct(t, { priceCents: 500, count: 5 });
      const res = await post(t, who.token, body([{ productID: cup, quantity: 5 }]));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: `${MESSAGES.fillProfile} Missing: ${missing}.`, field: missing });
      expect(await productRow(t, cup)).toEqual({ count: 5, sales: 0 });
    },
  );

  it('when a product is unknown, listed twice, or the cart is empty, then 400 naming the field', async () => {
    const cup = await addProduct(t, { name: 'Cup', priceCents: 500, count: 5 });
    const cases: Array<[unknown, string]> = [
      [
        body([
          { productID: cup, quantity: 1 },
          { productID: '6f1c1f0e-0000-4000-8000-000000000000', quantity: 1 },
        ]),
        'cartItems.1.productID',
      ],
      [body([{ productID: 'not-a-product', quantity: 1 }]), 'cartItems.0.productID'],
      [
        body([
          { productID: cup, quantity: 1 },
          { productID: cup, quantity: 2 },
        ]),
        'cartItems.1.productID',
      ],
      [body([{ productID: cup, quantity: 0 }]), 'cartItems.0.quantity'],
      [{ ...body([]), cartItems: [] }, 'cartItems'],
      [{ ...body([{ productID: cup, quantity: 1 }]), paymentMethod: 'card' }, 'paymentMethod'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(t, ada.token, payload);
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { field: string }).field).toBe(field);
    }
    expect(await productRow(t, cup)).toEqual({ count: 5, sales: 0 });
  });

  it('when a live listener of new orders fails, then the buyer still gets the committed order', async () => {
    const cup = await addProduct(t, { priceCents: 500, count: 5 });
    t.api.context.events.once('orderCreated', () => {
      throw new Error('hub down');
    });
    const res = await post(t, ada.token, body([{ productID: cup, quantity: 1 }]));
    expect(res.status).toBe(201);
    expect(await productRow(t, cup)).toEqual({ count: 4, sales: 1 });
  });

  it('when a visitor orders, then 401 and no order is placed', async () => {
    const cup = await addProduct(t, { priceCents: 500, count: 5 });
    const before = await orderCount(t);
    expect((await post(t, undefined, body([{ productID: cup, quantity: 1 }]))).status).toBe(401);
    expect(await orderCount(t)).toBe(before);
  });

  it('when the same order is retried with its Idempotency-Key, then 201 once, 200 with the same order after, and stock taken once', async () => {
    const book = await addProduct(t, { priceCents: 1500, count: 10 });
    const before = await orderCount(t);
    const first = await post(t, ada.token, body([{ productID: book, quantity: 2 }]), 'checkout-seq-1');
    const again = await post(t, ada.token, body([{ productID: book, quantity: 2 }]), 'checkout-seq-1');
    expect([first.status, again.status]).toEqual([201, 200]);
    const [a, b] = (await Promise.all([first.json(), again.json()])) as [Order, Order];
    expect(b._id).toBe(a._id);
    expect(b.orderTotal).toEqual(a.orderTotal);
    expect(await orderCount(t)).toBe(before + 1);
    expect(await productRow(t, book)).toEqual({ count: 8, sales: 2 });
    // Another user may use the same key: keys belong to their user.
    const bob = await customerWithProfile(t, { name: 'Bob' });
    expect((await post(t, bob.token, body([{ productID: book, quantity: 1 }]), 'checkout-seq-1')).status).toBe(201);
  });

  it('when a double click sends the same key concurrently, then exactly one order exists and every answer is that order', async () => {
    const mug = await addProduct(t, { priceCents: 800, count: 20 });
    const before = await orderCount(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t, ada.token, body([{ productID: mug, quantity: 1 }]), 'double-click')),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(((await Promise.all(answers.map((r) => r.json()))) as Order[]).map((o) => o._id));
    expect(ids.size).toBe(1);
    expect(await orderCount(t)).toBe(before + 1);
    expect(await productRow(t, mug)).toEqual({ count: 19, sales: 1 });
  });

  it('when the Idempotency-Key header is blank, then 400 naming it', async () => {
    const mug = await addProduct(t, { priceCents: 800, count: 20 });
    const res = await post(t, ada.token, body([{ productID: mug, quantity: 1 }]), ' ');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe('Idempotency-Key');
  });
});
