import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyUnits } from '#contracts/order-limit.ts';
import { MESSAGES, tooManyOpenOrders } from '#contracts/rules.ts';
import { PRICE_MESSAGE } from '#contracts/value-rules.ts';
import { orderCount, productRow } from '../../api/components/orders/fixtures.ts';
import { body as orderBody } from '../../api/testing/test-api.ts';
import { addProduct } from '../../api/components/products/test-fixtures.ts';
import type { TestApi } from '../../api/testing/api-harness.ts';
import { type TestBff, cookieFrom, postJson } from '../../bff/testing/bff-harness.ts';
import { completeProfile } from './seeded-shop.ts';
import { type ShopBehindBff, startShopBehindBff } from './shop-behind-bff.ts';

/**
 * A security audit's findings at the API, tried again through the shop's public port (the BFF) with a
 * session cookie and `X-CSRF: 1`, as a browser or a script holding cheap accounts would.
 */
describe('security: open orders, reviewers, prices and profile values through the BFF', () => {
  // MAX_OPEN_ORDERS_PER_ACCOUNT is the harness's default, 10, as in production.
  let shop: ShopBehindBff;
  let t: TestApi;
  let bff: TestBff;
  beforeAll(async () => {
    shop = await startShopBehindBff();
    ({ api: t, bff } = shop);
  });
  afterAll(() => shop?.stop());

  let counter = 0;
  const PASSWORD = 'abuser-password';
  const newAccount = async (): Promise<string> => {
    const email = `open-orders-${++counter}-${Date.now()}@example.test`;
    const res = await postJson(`${bff.url}/api/users/register`, { name: 'Hoarder', lastName: 'Script', email, password: PASSWORD });
    expect(res.status).toBe(201);
    return cookieFrom(res);
  };
  const send = (method: 'GET' | 'PUT' | 'POST', path: string, cookie: string | undefined, payload?: unknown) =>
    fetch(`${bff.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-csrf': '1', ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
  /** A new account with a shippable profile, as the hoarding script made them. */
  const buyer = async (): Promise<string> => {
    const cookie = await newAccount();
    expect((await send('PUT', '/api/users/profile', cookie, { ...completeProfile('Hoarder'), password: PASSWORD })).status).toBe(200);
    return cookie;
  };

  describe('one account cannot hold a product’s whole stock', () => {
    it('when an account holds 10 open orders, then the 11th is refused with 429 naming cartItems and no stock is taken', async () => {
      const cookie = await buyer();
      const product = await addProduct(t.db, { name: 'Scarce handheld', category: 'Security/Consoles', priceCents: 29_900, count: 15 });
      for (let i = 0; i < 10; i++) {
        const placed = await send('POST', '/api/orders', cookie, orderBody([{ productID: product, quantity: 1 }], i % 2 ? 'pp' : 'cod'));
        expect(placed.status).toBe(201);
      }
      const before = await orderCount(t);
      const refused = await send('POST', '/api/orders', cookie, orderBody([{ productID: product, quantity: 5 }], 'cod'));
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ message: tooManyOpenOrders(10), field: 'cartItems' });
      expect(await productRow(t, product)).toEqual({ count: 5, sales: 10 });
      expect(await orderCount(t)).toBe(before);
    });

    it('when one cash-on-delivery order asks for a whole stock of 17, then 400 names cartItems, nothing is taken, and 10 are accepted', async () => {
      const cookie = await buyer();
      const product = await addProduct(t.db, { name: 'Seventeen handhelds', category: 'Security/Consoles', priceCents: 29_900, count: 17 });
      const before = await orderCount(t);
      const refused = await send('POST', '/api/orders', cookie, orderBody([{ productID: product, quantity: 17 }], 'cod'));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: tooManyUnits(10), field: 'cartItems' });
      expect(tooManyUnits(10)).toBe('You can order at most 10 of one product');
      expect(await productRow(t, product)).toEqual({ count: 17, sales: 0 });
      expect(await orderCount(t)).toBe(before);
      expect((await send('POST', '/api/orders', cookie, orderBody([{ productID: product, quantity: 10 }], 'cod'))).status).toBe(201);
      expect(await productRow(t, product)).toEqual({ count: 7, sales: 10 });
    });

    it('when 20 orders from an account with none open arrive at once, then exactly 10 are placed and 10 answered 429', async () => {
      const cookie = await buyer();
      const product = await addProduct(t.db, { name: 'Raced handheld', category: 'Security/Consoles', priceCents: 29_900, count: 100 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => send('POST', '/api/orders', cookie, orderBody([{ productID: product, quantity: 3 }], 'cod'))),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      expect(await productRow(t, product)).toEqual({ count: 70, sales: 30 });
    });
  });

  describe('public product answers name reviewers only', () => {
    it("when a guest reads a reviewed product, then each review shows the reviewer's name and no account id", async () => {
      const cookie = await newAccount();
      const session = (await (await send('GET', '/api/session', cookie)).json()) as { user: { _id: string } };
      const product = await addProduct(t.db, { name: 'Reviewed handheld', category: 'Security/Consoles', count: 3 });
      expect((await send('POST', `/api/users/review/${product}`, cookie, { comment: 'Fine', rating: 4 })).status).toBe(201);

      const res = await send('GET', `/api/products/get-one/${product}`, undefined);
      expect(res.status).toBe(200);
      const text = await res.text();
      // The first name and the last name's initial only, as for seeded reviews.
      expect(JSON.parse(text)).toMatchObject({ reviews: [{ user: { name: 'Hoarder S.' }, rating: 4, comment: 'Fine' }] });
      expect((JSON.parse(text) as { reviews: Array<{ user: object }> }).reviews[0]!.user).toEqual({ name: 'Hoarder S.' });
      expect(text).not.toContain('Script');
      expect(text).not.toContain(session.user._id);
    });
  });

  describe('prices are dollars and cents', () => {
    const product = { name: 'Priced lamp', description: 'A lamp', count: 5, category: 'Security/Lamps', attributesTable: [] };
    const priceOf = async (id: string) =>
      ((await (await send('GET', `/api/products/get-one/${id}`, undefined)).json()) as { price: number }).price;

    it('when an admin sends a price of 0.001, 0 or over a million, then 400 "Please enter a price in dollars and cents" naming price; "19.99" is kept to the cent', async () => {
      const cookie = shop.adminCookie;
      await t.db.query(`insert into categories (name) values ('Security/Lamps') on conflict do nothing`);
      const refused = { message: PRICE_MESSAGE, field: 'price' };
      for (const price of [0.001, '0.001', 0, 1_000_000.01]) {
        const res = await send('POST', '/api/products/admin', cookie, { ...product, price });
        expect(res.status, String(price)).toBe(400);
        expect(await res.json()).toEqual(refused);
      }
      const created = await send('POST', '/api/products/admin', cookie, { ...product, price: '19.99' });
      expect(created.status).toBe(201);
      const { productId } = (await created.json()) as { productId: string };
      expect(await priceOf(productId)).toBe(19.99);

      const update = await send('PUT', `/api/products/admin/${productId}`, cookie, { ...product, price: 0.001 });
      expect(update.status).toBe(400);
      expect(await update.json()).toEqual(refused);
      expect(await priceOf(productId)).toBe(19.99);
    });
  });

  describe('profile values are checked, not only present', () => {
    const invisible = '\u200b';
    const shipping = ['address', 'city', 'country', 'zipCode', 'state', 'phoneNumber'] as const;

    it.each([
      ['address', 'x', 'Please enter a valid address'],
      ['city', 'x', 'Please enter a valid city'],
      ['state', `${invisible}x`, 'Please enter a valid state'],
      ['country', 'x', 'Please enter a valid country'],
      ['zipCode', 'x', 'Please enter a valid zip code'],
      ['phoneNumber', 'x', 'Please enter a valid phone number'],
      ['name', invisible, 'Please enter a name'],
      ['lastName', `${invisible}\u00a0`, 'Please enter your last name'],
      // Blank-looking letters, lone marks and selectors are not visible; control characters are refused.
      ['address', '\u3164\u3164 \u3164', 'Please enter a valid address'],
      ['city', '\u2800\u2800', 'Please enter a valid city'],
      ['country', '\u0301\ufe0f\u0301', 'Please enter a valid country'],
      ['name', '\u115f\u1160', 'Please enter a name'],
      ['name', 'Ada\u001b[2J', 'Please enter a name'],
      ['lastName', 'Lee\u0007', 'Please enter your last name'],
      ['state', 'NY\u0085', 'Please enter a valid state'],
    ])('when a profile sets %s to %j, then 400 with its message naming it', async (field, value, message) => {
      const cookie = await newAccount();
      const res = await send('PUT', '/api/users/profile', cookie, { ...completeProfile('Hoarder'), password: PASSWORD, [field]: value });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message, field });
    });

    it('when every address field is U+200B, then the profile keeps them empty and an order is refused with nothing taken', async () => {
      const cookie = await newAccount();
      const blank = Object.fromEntries(shipping.map((f) => [f, invisible]));
      const saved = await send('PUT', '/api/users/profile', cookie, { name: 'Hoarder', lastName: 'Script', password: PASSWORD, ...blank });
      expect(saved.status).toBe(200);
      const product = await addProduct(t.db, { name: 'Unshippable lamp', category: 'Security/Lamps', count: 4 });
      const res = await send('POST', '/api/orders', cookie, orderBody([{ productID: product, quantity: 4 }], 'cod'));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: `${MESSAGES.fillProfile} Missing: ${shipping.join(', ')}.`, field: 'address' });
      expect(await productRow(t, product)).toEqual({ count: 4, sales: 0 });
    });

    it('when a profile stored before these rules holds U+200B, then an order counts it as missing and takes nothing', async () => {
      const cookie = await buyer();
      const session = (await (await send('GET', '/api/session', cookie)).json()) as { user: { _id: string } };
      await t.db.query('update users set address = $2, zip_code = $3, city = $4 where id = $1', [
        session.user._id,
        invisible,
        'x',
        '\uffa0\uffa0',
      ]);
      const product = await addProduct(t.db, { name: 'Ghost-addressed lamp', category: 'Security/Lamps', count: 4 });
      const res = await send('POST', '/api/orders', cookie, orderBody([{ productID: product, quantity: 1 }], 'cod'));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: `${MESSAGES.fillProfile} Missing: address, city, zipCode.`, field: 'address' });
      expect(await productRow(t, product)).toEqual({ count: 4, sales: 0 });
    });
  });
});
