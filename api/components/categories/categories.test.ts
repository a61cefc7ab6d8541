import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '#contracts/category.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { callAs, registerAdmin } from '../../testing/test-api.ts';

describe('categories', () => {
  let t: TestApi;
  let adminToken: string;
  let userToken: string;
  beforeAll(async () => {
    t = await startTestApi();
    const admin = await registerAdmin(t);
    adminToken = admin.token;
    userToken = (await t.register()).token;
  });
  afterAll(() => t.stop());

  const call = (token: string | undefined, method: string, path: string, body?: unknown) => callAs(t, token, method, path, body);
  const create = (name: string) => call(adminToken, 'POST', '/api/categories', { category: name });
  const names = async () => ((await (await call(undefined, 'GET', '/api/categories')).json()) as Category[]).map((c) => c.name);
  const addProduct = (category: string) =>
    t.db.query(`insert into products (name, description, price_cents, count, category) values ('P', 'D', 100, 1, $1)`, [category]);

  it('when anyone lists categories, then they come sorted by name', async () => {
    for (const name of ['Tablets', 'books', 'Computers/Laptops', 'Computers']) expect((await create(name)).status).toBe(201);
    const res = await call(undefined, 'GET', '/api/categories');
    expect(res.status).toBe(200);
    expect(await names()).toEqual(['books', 'Computers', 'Computers/Laptops', 'Tablets']);
  });

  it('when an admin creates a category, then 201 with categoryCreated; a duplicate is 409', async () => {
    const res = await create('  Games/Board  ');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      categoryCreated: { _id: expect.any(String), name: 'Games/Board', description: '', image: '', attrs: [] },
    });
    const again = await create('Games/Board');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ field: 'category', message: expect.stringMatching(/already exists/) });
  });

  it.each([
    [undefined, 'category is required'],
    ['   ', 'Please enter a category name'],
    ['/Leading', 'A category path cannot start or end with a slash or have an empty part'],
    ['A//B', 'A category path cannot start or end with a slash or have an empty part'],
    ['A,B', 'A category name cannot contain a comma'],
  ])('when the new category is %o, then 400 naming category', async (category, message) => {
    const res = await call(adminToken, 'POST', '/api/categories', { category });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message, field: 'category' });
  });

  it('when a non-admin or a visitor calls any category admin route, then 403 or 401 and nothing changes', async () => {
    await create('Guarded');
    const routes: Array<[string, string, unknown]> = [
      ['POST', '/api/categories', { category: 'Sneaky' }],
      ['DELETE', '/api/categories/Guarded', undefined],
      ['POST', '/api/categories/attr', { key: 'k', val: 'v', categoryChoosen: 'Guarded' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(userToken, method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await call(undefined, method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    const { rows } = await t.db.query(`select name, attrs from categories where name in ('Guarded', 'Sneaky')`);
    expect(rows).toEqual([{ name: 'Guarded', attrs: [] }]);
  });

  it('when an admin deletes an unused category by its URL-encoded path, then categoryDeleted and it is gone', async () => {
    await create('Toys/Lego & 100% Fun');
    const res = await call(adminToken, 'DELETE', `/api/categories/${encodeURIComponent('Toys/Lego & 100% Fun')}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ categoryDeleted: true });
    expect(await names()).not.toContain('Toys/Lego & 100% Fun');
    expect((await call(adminToken, 'DELETE', `/api/categories/${encodeURIComponent('Toys/Lego & 100% Fun')}`)).status).toBe(404);
  });

  it('when products use a category or one of its sub-categories, then deleting it is refused with 409', async () => {
    await create('Audio');
    await create('Audio/Headphones');
    await create('Audio_');
    await addProduct('Audio/Headphones');
    for (const name of ['Audio', 'Audio/Headphones']) {
      const res = await call(adminToken, 'DELETE', `/api/categories/${encodeURIComponent(name)}`);
      expect(res.status, name).toBe(409);
      expect((await res.json()).message).toMatch(/cannot be deleted while 1 product\(s\) use it/);
    }
    expect(await names()).toEqual(expect.arrayContaining(['Audio', 'Audio/Headphones']));
    // A name that only shares a prefix (and a LIKE wildcard) is not a sub-category.
    expect((await call(adminToken, 'DELETE', '/api/categories/Audio_')).status).toBe(200);
  });

  it('when an admin saves attributes, then values append to the key (new keys created, no duplicates) and all categories return', async () => {
    await create('Phones');
    const save = (key: string, val: string) => call(adminToken, 'POST', '/api/categories/attr', { key, val, categoryChoosen: 'Phones' });
    await save('color', 'red');
    await save('color', 'blue');
    await save('color', 'red');
    const res = await save(' storage ', ' 128 GB ');
    expect(res.status).toBe(200);
    const { categoryUpdated } = (await res.json()) as { categoryUpdated: Category[] };
    expect(categoryUpdated.map((c) => c.name)).toEqual(await names());
    expect(categoryUpdated.find((c) => c.name === 'Phones')!.attrs).toEqual([
      { key: 'color', value: ['red', 'blue'] },
      { key: 'storage', value: ['128 GB'] },
    ]);
    expect(categoryUpdated.find((c) => c.name === 'Tablets')!.attrs).toEqual([]);
  });

  it.each([
    ['key', { key: ' ' }],
    ['val', { val: undefined }],
    ['categoryChoosen', { categoryChoosen: '' }],
  ])('when the attribute body has a bad %s, then 400 naming it', async (field, change) => {
    const res = await call(adminToken, 'POST', '/api/categories/attr', { key: 'k', val: 'v', categoryChoosen: 'Tablets', ...change });
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe(field);
  });

  it("when an admin edits a category's description and picture, then everyone's list shows them; a picture the shop does not serve is 400, an unknown category 404, a customer 403", async () => {
    expect((await create('Garden')).status).toBe(201);
    const edit = (token: string, name: string, body: unknown) => call(token, 'PUT', `/api/categories/${encodeURIComponent(name)}`, body);
    const res = await edit(adminToken, 'Garden', { description: ' Tools and seeds ', image: '/images/demo/garden.jpg' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Garden', description: 'Tools and seeds', image: '/images/demo/garden.jpg' });
    const listed = ((await (await call(undefined, 'GET', '/api/categories')).json()) as Category[]).find((c) => c.name === 'Garden');
    expect(listed).toMatchObject({ description: 'Tools and seeds', image: '/images/demo/garden.jpg' });
    const outside = await edit(adminToken, 'Garden', { description: '', image: 'https://tracker.example/x.png' });
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { field?: string }).field).toBe('image');
    expect((await edit(adminToken, 'Nowhere', { description: '', image: '' })).status).toBe(404);
    expect((await edit(userToken, 'Garden', { description: 'x', image: '' })).status).toBe(403);
  });

  it('when the attribute targets an unknown category, then 404', async () => {
    const res = await call(adminToken, 'POST', '/api/categories/attr', { key: 'k', val: 'v', categoryChoosen: 'Nowhere' });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toMatch(/Nowhere/);
  });
});
