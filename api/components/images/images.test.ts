import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, UploadResponse } from '../../../contracts/product.ts';
import { createApi } from '../../app.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { addProduct } from '../products/test-fixtures.ts';

// Real 1×1 images.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HOST = 'https://res.cloudinary.test';

const exists = (file: string) =>
  readFile(file).then(
    () => true,
    () => false,
  );

describe('product images (/api/products/admin/upload and /image)', () => {
  let t: TestApi;
  let token: string;
  let imagesDir: string;
  beforeAll(async () => {
    t = await startTestApi({ config: { IMAGE_HOST_URL: `${HOST}/v1_1/demo` } });
    const admin = await t.register();
    await t.makeAdmin(admin.user._id);
    token = admin.token;
    imagesDir = path.join(t.config.DATA_DIR, 'images');
  });
  afterAll(() => t.stop());

  const newProduct = () => addProduct(t.db, { name: 'Camera', category: 'Cameras' });
  const imagesOf = async (id: string) => ((await (await fetch(`${t.url}/api/products/get-one/${id}`)).json()) as Product).images;
  const storedFiles = async () => readdir(imagesDir).catch(() => [] as string[]);
  const upload = (productId: string, files: Array<[Buffer, string, string?]>, field = 'images') => {
    const form = new FormData();
    for (const [bytes, name, type] of files) form.append(field, new Blob([new Uint8Array(bytes)], { type: type ?? 'image/png' }), name);
    return t.authed(token)(`/api/products/admin/upload?productId=${productId}`, { method: 'POST', body: form });
  };
  const hosted = (productId: string, body: unknown, api = t.url) =>
    fetch(`${api}/api/products/admin/upload?cloudinary=true&productId=${productId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const removeImage = (imagePath: string, productId: string, query = '') =>
    t.authed(token)(`/api/products/admin/image/${encodeURIComponent(imagePath)}/${productId}${query}`, { method: 'DELETE' });

  it('when an admin uploads a PNG, then it is stored under a generated name, added to the product and served as an image', async () => {
    const id = await newProduct();
    const res = await upload(id, [[PNG, 'my photo.png']]);
    expect(res.status).toBe(201);
    const body = (await res.json()) as UploadResponse;
    expect(body).toEqual({ message: 'upload successful', images: [{ path: expect.stringMatching(/^\/images\/[0-9a-f-]{36}\.png$/) }] });
    const imagePath = body.images[0]!.path;
    expect(await imagesOf(id)).toEqual([{ path: imagePath }]);
    expect(await readFile(path.join(imagesDir, path.basename(imagePath)))).toEqual(PNG);
    const served = await fetch(t.url + imagePath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it('when three images of different formats come at once, then each is kept with the extension its content shows', async () => {
    const id = await newProduct();
    const res = await upload(id, [
      [JPEG, 'a.png', 'image/png'],
      [GIF, 'b.jpg'],
      [WEBP, 'c', 'application/octet-stream'],
    ]);
    expect(res.status).toBe(201);
    const paths = ((await res.json()) as UploadResponse).images.map((i) => path.extname(i.path));
    expect(paths).toEqual(['.jpg', '.gif', '.webp']);
    expect(await imagesOf(id)).toHaveLength(3);
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, not an image'), 'fake.png', 'image/png'],
    ['an SVG', SVG, 'logo.svg', 'image/svg+xml'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
  ])(
    'when %s is uploaded, then 400 naming images and nothing is stored, not even the good files beside it',
    async (_label, bytes, name, type) => {
      const id = await newProduct();
      const before = await storedFiles();
      const res = await upload(id, [
        [PNG, 'good.png'],
        [bytes, name, type],
      ]);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; field: string };
      expect(body.field).toBe('images');
      expect(body.message).toContain(name);
      expect(await storedFiles()).toEqual(before);
      expect(await imagesOf(id)).toEqual([]);
    },
  );

  it("when four files come at once, then 400 'to many files' and nothing is stored", async () => {
    const id = await newProduct();
    const before = await storedFiles();
    const res = await upload(id, [
      [PNG, '1.png'],
      [PNG, '2.png'],
      [PNG, '3.png'],
      [PNG, '4.png'],
    ]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'to many files', field: 'images' });
    expect(await storedFiles()).toEqual(before);
    expect(await imagesOf(id)).toEqual([]);
  });

  it('when a file is over 5 MB, then 413 and nothing is stored', async () => {
    const id = await newProduct();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(id, [[big, 'big.png']]);
    expect(res.status).toBe(413);
    expect((await res.json()).field).toBe('images');
    expect(await imagesOf(id)).toEqual([]);
  });

  it('when the upload lacks files, uses another field or targets no product, then it is refused', async () => {
    const id = await newProduct();
    expect((await upload(id, [])).status).toBe(400);
    const wrongField = await upload(id, [[PNG, 'a.png']], 'image');
    expect(wrongField.status).toBe(400);
    expect((await wrongField.json()).field).toBe('image');
    const noId = await t.authed(token)('/api/products/admin/upload', { method: 'POST', body: new FormData() });
    expect(noId.status).toBe(400);
    expect((await noId.json()).field).toBe('productId');
    expect((await upload('00000000-0000-4000-8000-000000000000', [[PNG, 'a.png']])).status).toBe(404);
    expect((await upload('nope', [[PNG, 'a.png']])).status).toBe(404);
  });

  it("when the hosting service's answer is posted, then only URLs on its host are added", async () => {
    const id = await newProduct();
    const url = `${HOST}/image/upload/v1/shop/a.png`;
    const res = await hosted(id, { secure_url: url, url: url.replace('https', 'http'), public_id: 'shop/a' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ message: 'upload successful', images: [{ path: url }] });
    for (const bad of [
      'https://evil.test/a.png',
      `${HOST}.evil.test/a.png`,
      'javascript:alert(1)',
      '/images/x.png',
      'https://user@res.cloudinary.test/a.png',
    ]) {
      const refused = await hosted(id, { secure_url: bad });
      expect(refused.status, bad).toBe(400);
      expect((await refused.json()).field, bad).toBe('secure_url');
    }
    expect((await hosted(id, {})).status).toBe(400);
    expect(await imagesOf(id)).toEqual([{ path: url }]);
  });

  it("when an admin asks where images go, then the hosting service's upload URL is answered; a customer or a guest is refused", async () => {
    const res = await t.authed(token)('/api/products/admin/image-host');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ uploadUrl: `${HOST}/v1_1/demo` });
    const customer = await t.register();
    expect((await t.authed(customer.token)('/api/products/admin/image-host')).status).toBe(403);
    expect((await t.authed(undefined)('/api/products/admin/image-host')).status).toBe(401);
  });

  it('when no image host is configured, then the client is told to upload to the shop, and a hosted upload is refused with a clear message', async () => {
    const api = createApi({ db: t.db, config: { ...t.config, IMAGE_HOST_URL: undefined } });
    const { url } = await api.start(0, '127.0.0.1');
    try {
      const where = await fetch(`${url}/api/products/admin/image-host`, { headers: { authorization: `Bearer ${token}` } });
      expect(await where.json()).toEqual({ uploadUrl: null });
      const id = await newProduct();
      const res = await hosted(id, { secure_url: `${HOST}/a.png` }, url);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/not configured/);
      expect(await imagesOf(id)).toEqual([]);
    } finally {
      await api.stop();
    }
  });

  it('when an admin deletes an image, then it leaves the product and its file is deleted; a hosted one needs cloudinary=true', async () => {
    const id = await newProduct();
    const [first, second] = (
      (await (
        await upload(id, [
          [PNG, 'a.png'],
          [GIF, 'b.gif'],
        ])
      ).json()) as UploadResponse
    ).images;
    const res = await removeImage(first!.path, id);
    expect(res.status).toBe(200);
    expect(await imagesOf(id)).toEqual([second]);
    expect(await exists(path.join(imagesDir, path.basename(first!.path)))).toBe(false);
    expect(await exists(path.join(imagesDir, path.basename(second!.path)))).toBe(true);
    expect((await removeImage(first!.path, id)).status).toBe(404);

    const url = `${HOST}/image/upload/b.png`;
    await hosted(id, { secure_url: url });
    expect((await removeImage(url, id)).status).toBe(400);
    expect((await removeImage(url, id, '?cloudinary=true')).status).toBe(200);
    expect(await imagesOf(id)).toEqual([second]);
  });

  it.each([
    '/images/../secret.txt',
    '/images/../../secret.txt',
    '/images/demo/../../secret.txt',
    '/images/..\\secret.txt',
    '/images/',
    '/etc/passwd',
    '../secret.txt',
  ])('when the image path is %s (outside the images folder), then 400 and no file is touched', async (imagePath) => {
    await mkdir(imagesDir, { recursive: true });
    const secret = path.join(t.config.DATA_DIR, 'secret.txt');
    await writeFile(secret, 'keep me');
    // The product even lists the path, so only the path check stands between it and the file.
    const id = await addProduct(t.db, { name: 'Trap', category: 'Cameras', images: [{ path: imagePath }] });
    for (const query of ['', '?cloudinary=true']) {
      const res = await removeImage(imagePath, id, query);
      expect(res.status, query).toBe(400);
      expect((await res.json()).field).toBe('encodedPath');
    }
    expect(await imagesOf(id)).toEqual([{ path: imagePath }]);
    expect(await readFile(secret, 'utf8')).toBe('keep me');
  });
});
