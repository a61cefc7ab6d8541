import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '#contracts/category.ts';
import type { UploadResponse } from '#contracts/product.ts';
import { plainJpeg } from '../../testing/images.ts';
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

  const categoryOf = async (name: string) =>
    ((await (await call(undefined, 'GET', '/api/categories')).json()) as Category[]).find((c) => c.name === name);

  it('when an admin renames a category, then its sub-categories and their products follow; a name another category has is 409, one below itself 400', async () => {
    for (const name of ['Kitchen', 'Kitchen/Knives', 'Bath']) await create(name);
    await addProduct('Kitchen/Knives');
    const rename = (from: string, to: string) =>
      call(adminToken, 'PUT', `/api/categories/${encodeURIComponent(from)}`, { name: to, description: 'Pots', image: '' });
    const res = await rename('Kitchen', 'Cooking');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Cooking', description: 'Pots' });
    expect(await names()).toEqual(expect.arrayContaining(['Cooking', 'Cooking/Knives']));
    expect((await names()).filter((n) => n.startsWith('Kitchen'))).toEqual([]);
    const { rows } = await t.db.query<{ category: string }>(
      `select category from products where category like 'Cooking%' or category like 'Kitchen%'`,
    );
    expect(rows).toEqual([{ category: 'Cooking/Knives' }]);

    const clash = await rename('Cooking', 'Bath');
    expect(clash.status).toBe(409);
    expect(await clash.json()).toEqual({ message: 'The category "Bath" already exists', field: 'name' });
    const below = await rename('Cooking', 'Cooking/Pans');
    expect(below.status).toBe(400);
    expect(((await below.json()) as { field: string }).field).toBe('name');
    expect(await names()).toEqual(expect.arrayContaining(['Cooking', 'Cooking/Knives', 'Bath']));
  });

  it("when an admin uploads a category's picture, then the shop's image pipeline stores it and everyone's list shows it; a new one replaces it and its file, as removing it or the category does; a file that is no image is 400, a customer 403", async () => {
    await create('Pictured');
    const upload = (token: string, bytes: Buffer, name = 'garden.jpg') => {
      const form = new FormData();
      form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
      return t.authed(token)(`/api/products/admin/upload?categoryName=${encodeURIComponent('Pictured')}`, { method: 'POST', body: form });
    };
    const first = await upload(adminToken, await plainJpeg(64, 48));
    expect(first.status).toBe(201);
    const [image] = ((await first.json()) as UploadResponse).images;
    expect(image).toMatchObject({ path: expect.stringMatching(/^\/images\/[0-9a-f]+\.\w+$/), width: 64, height: 48 });
    expect((await categoryOf('Pictured'))?.image).toBe(image!.path);
    expect((await fetch(`${t.url}${image!.path}`)).status).toBe(200);

    const second = await upload(adminToken, await plainJpeg(80, 60));
    const [next] = ((await second.json()) as UploadResponse).images;
    expect((await categoryOf('Pictured'))?.image).toBe(next!.path);
    const file = path.join(t.config.DATA_DIR, image!.path);
    await expect(access(file)).rejects.toThrow();

    const notImage = await upload(adminToken, Buffer.from('just text'), 'notes.jpg');
    expect(notImage.status).toBe(400);
    expect((await upload(userToken, await plainJpeg(8, 8))).status).toBe(403);
    expect((await categoryOf('Pictured'))?.image).toBe(next!.path);

    // Remove picture, and deleting a category, take its files too (nothing else shows them)
    const nextFile = path.join(t.config.DATA_DIR, next!.path);
    await access(nextFile);
    expect((await call(adminToken, 'PUT', '/api/categories/Pictured', { description: '', image: '' })).status).toBe(200);
    await expect(access(nextFile)).rejects.toThrow();
    const [last] = ((await (await upload(adminToken, await plainJpeg(40, 30))).json()) as UploadResponse).images;
    expect((await call(adminToken, 'DELETE', '/api/categories/Pictured')).status).toBe(200);
    await expect(access(path.join(t.config.DATA_DIR, last!.path))).rejects.toThrow();
  });

  it('when an admin removes an attribute value, then it goes (a key left empty with it); a value a product of the category has is refused with 409 saying so', async () => {
    await create('Drinks');
    const save = (key: string, val: string) => call(adminToken, 'POST', '/api/categories/attr', { key, val, categoryChoosen: 'Drinks' });
    for (const [key, val] of [
      ['size', 'small'],
      ['size', 'large'],
      ['sugar', 'none'],
    ])
      await save(key!, val!);
    await t.db.query(
      `insert into products (name, description, price_cents, count, category, attrs) values ('Cola', 'D', 100, 1, 'Drinks', '[{"key":"size","value":"large"}]')`,
    );
    const remove = (token: string, key: string, value: string) =>
      call(token, 'DELETE', `/api/categories/Drinks/attrs/${encodeURIComponent(key)}/${encodeURIComponent(value)}`);

    const used = await remove(adminToken, 'size', 'large');
    expect(used.status).toBe(409);
    expect(((await used.json()) as { message: string }).message).toBe(
      '"size: large" cannot be removed while 1 product(s) of "Drinks" have it: change those products first',
    );
    expect((await remove(userToken, 'size', 'small')).status).toBe(403);
    const res = await remove(adminToken, 'size', 'small');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { categoryUpdated: Category[] }).categoryUpdated.find((c) => c.name === 'Drinks')?.attrs).toEqual([
      { key: 'size', value: ['large'] },
      { key: 'sugar', value: ['none'] },
    ]);
    expect((await remove(adminToken, 'sugar', 'none')).status).toBe(200);
    expect((await categoryOf('Drinks'))?.attrs).toEqual([{ key: 'size', value: ['large'] }]);
    expect((await remove(adminToken, 'sugar', 'none')).status).toBe(404);
  });

  it('when the attribute targets an unknown category, then 404', async () => {
    const res = await call(adminToken, 'POST', '/api/categories/attr', { key: 'k', val: 'v', categoryChoosen: 'Nowhere' });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toMatch(/Nowhere/);
  });
});
