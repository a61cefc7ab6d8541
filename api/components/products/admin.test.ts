import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductSummary } from '#contracts/product.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { addCategories, addProduct } from './test-fixtures.ts';
import { callAs, registerAdmin } from '../../testing/test-api.ts';

const exists = (file: string) =>
  readFile(file).then(
    () => true,
    () => false,
  );

describe('/api/products/admin (product management)', () => {
  let t: TestApi;
  let adminToken: string;
  let userToken: string;
  beforeAll(async () => {
    t = await startTestApi();
    const admin = await registerAdmin(t);
    adminToken = admin.token;
    userToken = (await t.register()).token;
    await addCategories(t.db, ['Computers', 'Computers/Laptops', 'Books']);
  });
  afterAll(() => t.stop());

  const call = (token: string | undefined, method: string, p: string, body?: unknown) => callAs(t, token, method, p, body);
  const admin = (method: string, p: string, body?: unknown) => call(adminToken, method, p, body);
  const getOne = async (id: string) => (await (await fetch(`${t.url}/api/products/get-one/${id}`)).json()) as Product;
  const laptop = {
    name: 'Dell XPS',
    description: 'A thin laptop',
    count: 7,
    price: 1299.99,
    category: 'Computers/Laptops',
    attributesTable: [{ key: 'color', value: 'silver' }],
  };
  const create = async (body: unknown = laptop): Promise<string> => {
    const res = await admin('POST', '/api/products/admin', body);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { productId: string }).productId;
  };

  it("when an admin adds a product, then the list's page count includes it at once (the count cache is forgotten)", async () => {
    const pages = async () =>
      ((await (await fetch(`${t.url}/api/products/category/Books/`)).json()) as { paginationLinksNumber: number }).paginationLinksNumber;
    const before = await pages();
    for (let i = 0; i < 10; i++) await create({ ...laptop, name: `Counted book ${i}`, category: 'Books' });
    expect(await pages()).toBe(before + 1);
  });

  it('when a non-admin or a visitor calls any admin product route, then 403 or 401 and nothing changes', async () => {
    const id = await addProduct(t.db, { name: 'Guarded', category: 'Books', images: [{ path: '/images/guarded.png' }] });
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/products/admin', undefined],
      ['POST', '/api/products/admin', laptop],
      ['PUT', `/api/products/admin/${id}`, { ...laptop, name: 'Hacked' }],
      ['DELETE', `/api/products/admin/${id}`, undefined],
      ['POST', `/api/products/admin/upload?productId=${id}`, undefined],
      ['POST', `/api/products/admin/upload?cloudinary=true&productId=${id}`, { secure_url: 'https://x.test/a.png' }],
      ['DELETE', `/api/products/admin/image/${encodeURIComponent('/images/guarded.png')}/${id}`, undefined],
    ];
    for (const [method, p, body] of routes) {
      expect((await call(userToken, method, p, body)).status, `${method} ${p}`).toBe(403);
      expect((await call(undefined, method, p, body)).status, `${method} ${p}`).toBe(401);
    }
    expect(await getOne(id)).toMatchObject({ name: 'Guarded', images: [{ path: '/images/guarded.png' }] });
    const { rows } = await t.db.query(`select 1 from products where name in ('Dell XPS', 'Hacked')`);
    expect(rows).toEqual([]);
  });

  it('when an admin creates a product, then 201 with its id and the shop shows it as sent', async () => {
    const res = await admin('POST', '/api/products/admin', laptop);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { message: string; productId: string };
    expect(body).toEqual({ message: 'product created', productId: expect.any(String) });
    expect(await getOne(body.productId)).toMatchObject({
      name: 'Dell XPS',
      description: 'A thin laptop',
      count: 7,
      price: 1299.99,
      category: 'Computers/Laptops',
      attrs: [{ key: 'color', value: 'silver' }],
      images: [],
      rating: 0,
      reviewsNumber: 0,
      reviews: [],
    });
  });

  it('when the count is 0 and the price a cent, then the product is still accepted', async () => {
    const id = await create({ ...laptop, name: 'Penny sample', count: 0, price: 0.01, attributesTable: undefined });
    expect(await getOne(id)).toMatchObject({ count: 0, price: 0.01, attrs: [] });
  });

  const centsOf = async (id: string) =>
    (await t.db.query<{ cents: number }>('select price_cents as cents from products where id = $1', [id])).rows[0]!.cents;

  it.each([
    [19.99, 1999],
    ['19.99', 1999],
    [' 5 ', 500],
    [0.01, 1],
    [1_000_000, 100_000_000],
    ['1000000.00', 100_000_000],
  ])('when the price is %j, then it is stored as %i cents, on create and on update', async (price, cents) => {
    const id = await create({ ...laptop, name: `Priced ${String(price)}`, price });
    expect(await centsOf(id)).toBe(cents);
    expect((await admin('PUT', `/api/products/admin/${id}`, { ...laptop, price: 1 })).status).toBe(200);
    expect((await admin('PUT', `/api/products/admin/${id}`, { ...laptop, price })).status).toBe(200);
    expect(await centsOf(id)).toBe(cents);
  });

  it.each([[0.001], ['0.001'], [0], ['0.00'], [-0.01], [1_000_000.01], ['1e3'], [1e-7], ['19,99'], ['$5'], [''], [null], [true], [[5]]])(
    'when the price is %j, then create and update answer 400 "Please enter a price in dollars and cents" naming price, and nothing changes',
    async (price) => {
      const refused = { message: 'Please enter a price in dollars and cents', field: 'price' };
      const created = await admin('POST', '/api/products/admin', { ...laptop, name: 'Mispriced', price });
      expect(created.status).toBe(400);
      expect(await created.json()).toEqual(refused);
      expect((await t.db.query(`select 1 from products where name = 'Mispriced'`)).rows).toEqual([]);
      const id = await create({ ...laptop, name: `Repriced ${JSON.stringify(price)}` });
      const updated = await admin('PUT', `/api/products/admin/${id}`, { ...laptop, price });
      expect(updated.status).toBe(400);
      expect(await updated.json()).toEqual(refused);
      expect(await centsOf(id)).toBe(129_999);
    },
  );

  it.each([
    ['name', { name: '  ' }, 'Please enter a name'],
    ['name', { name: undefined }, 'name is required'],
    ['description', { description: '' }, 'Please enter a description'],
    ['count', { count: -1 }, 'Count cannot be negative'],
    ['count', { count: 1.5 }, 'Count must be a whole number'],
    ['count', { count: 'many' }, 'Invalid input: expected number, received NaN'],
    ['price', { price: -0.01 }, 'Please enter a price in dollars and cents'],
    ['price', { price: undefined }, 'Please enter a price in dollars and cents'],
    ['category', { category: '' }, 'Please choose a category'],
    [
      'category',
      { category: 'Computers/Tablets' },
      'The category "Computers/Tablets" does not exist: choose one from the list or create it first',
    ],
    ['attributesTable.0.value', { attributesTable: [{ key: 'color', value: '' }] }, undefined],
  ])('when creating with a bad %s, then 400 names it and nothing is stored', async (field, change, message) => {
    const res = await admin('POST', '/api/products/admin', { ...laptop, name: 'Invalid one', ...change });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { field: string; message: string };
    expect(body.field).toBe(field);
    if (message) expect(body.message).toBe(message);
    const { rows } = await t.db.query(`select 1 from products where name = 'Invalid one'`);
    expect(rows).toEqual([]);
  });

  it('when an admin updates a product, then every field changes; unknown ids are 404 and unknown categories 400', async () => {
    const id = await create();
    const change = {
      name: 'Dell XPS 2',
      description: 'Thinner',
      count: 3,
      price: 999,
      category: 'Computers',
      attributesTable: [{ key: 'ram', value: '32GB' }],
    };
    const res = await admin('PUT', `/api/products/admin/${id}`, change);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'product updated' });
    expect(await getOne(id)).toMatchObject({
      name: 'Dell XPS 2',
      description: 'Thinner',
      count: 3,
      price: 999,
      category: 'Computers',
      attrs: change.attributesTable,
    });
    expect((await admin('PUT', '/api/products/admin/00000000-0000-4000-8000-000000000000', change)).status).toBe(404);
    expect((await admin('PUT', '/api/products/admin/nope', change)).status).toBe(404);
    const bad = await admin('PUT', `/api/products/admin/${id}`, { ...change, category: 'Nowhere' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).field).toBe('category');
    expect((await getOne(id)).category).toBe('Computers');
  });

  it('when an admin lists products, then every product comes with its sales and without reviews', async () => {
    const res = await admin('GET', '/api/products/admin');
    expect(res.status).toBe(200);
    const list = (await res.json()) as ProductSummary[];
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from products');
    expect(list).toHaveLength(rows[0]!.n);
    for (const p of list) {
      expect(p.sales).toBe(0);
      expect(p).not.toHaveProperty('reviews');
    }
  });

  it('when an admin lists products, whole or a page at a time, then the newest created come first', async () => {
    // Far in the future, so these three are the newest whatever else the file created.
    const ids = [];
    for (const age of [3e9, 3e9 + 2, 3e9 + 1]) ids.push(await addProduct(t.db, { name: `Newest ${age}`, category: 'Books', age }));
    const newestFirst = [ids[1], ids[2], ids[0]];
    const whole = (await (await admin('GET', '/api/products/admin')).json()) as ProductSummary[];
    expect(whole.slice(0, 3).map((p) => p._id)).toEqual(newestFirst);
    const times = whole.map((p) => Date.parse(p.createdAt!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = await admin('GET', '/api/products/admin?page=1&limit=2');
    expect(((await page.json()) as ProductSummary[]).map((p) => p._id)).toEqual(newestFirst.slice(0, 2));
    const next = await admin('GET', '/api/products/admin?page=2&limit=2');
    expect(((await next.json()) as ProductSummary[])[0]!._id).toBe(newestFirst[2]);
  });

  it('when an admin searches the list, then only names holding the text (any case, % and _ as themselves) come, counted over all pages', async () => {
    const names = ['Searchable Lamp 1', 'SEARCHABLE lamp 2', 'Searchable 100% cotton', 'Searchable 1_0 cable', 'Other thing'];
    for (const [i, name] of names.entries()) await addProduct(t.db, { name, category: 'Books', description: 'searchable', age: 2e9 + i });
    const search = async (query: string) => {
      const res = await admin('GET', `/api/products/admin?${query}`);
      expect(res.status, await res.clone().text()).toBe(200);
      return { names: ((await res.json()) as ProductSummary[]).map((p) => p.name), total: res.headers.get('X-Total-Count') };
    };
    expect(await search('search=searchable%20LAMP')).toEqual({ names: ['SEARCHABLE lamp 2', 'Searchable Lamp 1'], total: null });
    expect(await search('search=%20lamp%20&page=1&limit=1')).toEqual({ names: ['SEARCHABLE lamp 2'], total: '2' });
    expect(await search('search=lamp&page=2&limit=1')).toEqual({ names: ['Searchable Lamp 1'], total: '2' });
    expect((await search(`search=${encodeURIComponent('100%')}`)).names).toEqual(['Searchable 100% cotton']);
    expect((await search('search=1_0')).names).toEqual(['Searchable 1_0 cable']);
    // the description is not searched: "finds products by name"
    expect((await search('search=searchable&page=1&limit=20')).total).toBe('4');
    const all = await search('page=1&limit=1');
    expect(await search('search=&page=1&limit=1')).toEqual(all);
    expect(await search('search=%20%20&page=1&limit=1')).toEqual(all);
  });

  it.each([
    ['search=a&search=b', 'search is text'],
    [`search=${'x'.repeat(101)}`, 'search is at most 100 characters'],
  ])('when the admin list is asked with %s, then 400 names search', async (query, message) => {
    const res = await admin('GET', `/api/products/admin?${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, field: 'search' });
  });

  it('when an admin deletes a product, then it is gone with its reviews and its own image files, shared files kept', async () => {
    const dir = path.join(t.config.DATA_DIR, 'images');
    await mkdir(dir, { recursive: true });
    for (const f of ['own.png', 'shared.png']) await writeFile(path.join(dir, f), 'x');
    await writeFile(path.join(t.config.DATA_DIR, 'outside.txt'), 'keep me');
    const images = [{ path: '/images/own.png' }, { path: '/images/shared.png' }, { path: '/images/../outside.txt' }];
    const id = await addProduct(t.db, { name: 'Doomed', category: 'Books', images });
    await addProduct(t.db, { name: 'Keeper', category: 'Books', images: [{ path: '/images/shared.png' }] });
    await t.db.query(`insert into reviews (product_id, user_name, rating, comment) values ($1, 'Ann', 4, 'ok')`, [id]);

    const res = await admin('DELETE', `/api/products/admin/${id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'product removed' });
    expect((await fetch(`${t.url}/api/products/get-one/${id}`)).status).toBe(404);
    expect((await t.db.query('select 1 from reviews where product_id = $1', [id])).rows).toEqual([]);
    expect(await exists(path.join(dir, 'own.png'))).toBe(false);
    expect(await exists(path.join(dir, 'shared.png'))).toBe(true);
    expect(await exists(path.join(t.config.DATA_DIR, 'outside.txt'))).toBe(true);
    expect((await admin('DELETE', `/api/products/admin/${id}`)).status).toBe(404);
  });
});
