import fs, { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product, UploadResponse } from '#contracts/product.ts';
import { createApi } from '../../app.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { variantPath, variantWidths } from '#contracts/images.ts';
import { addProduct } from '../products/test-fixtures.ts';
import { animatedGif, HEIC, metadataFound, phonePhoto, plainJpeg, pngClaiming, transparentPng } from '../../testing/images.ts';
import { registerAdmin } from '../../testing/test-api.ts';

// Real 1×1 images.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HOST = 'https://res.cloudinary.test';
const realWriteFile = fs.writeFile;

const exists = (file: string) =>
  readFile(file).then(
    () => true,
    () => false,
  );

describe('product images (/api/products/admin/upload and /image)', () => {
  let t: TestApi;
  let token: string;
  let imagesDir: string;
  let JPEG: Buffer;
  beforeAll(async () => {
    JPEG = await plainJpeg(64, 48);
    t = await startTestApi({ config: { IMAGE_HOST_URL: `${HOST}/v1_1/demo` } });
    const admin = await registerAdmin(t);
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

  /** Every file under DATA_DIR/images, masters included, with its bytes. */
  const allStored = async (): Promise<Array<[string, Buffer]>> => {
    const names = (await readdir(imagesDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
    return Promise.all(names.map(async (d): Promise<[string, Buffer]> => [d.name, await readFile(path.join(d.parentPath, d.name))]));
  };

  it('when an admin uploads a phone photo with GPS, XMP and a comment, then no stored or served byte keeps them, its rotation is applied, and every width is served as AVIF and WebP', async () => {
    const id = await newProduct();
    const photo = await phonePhoto(1200, 900);
    expect(metadataFound(photo)).toEqual(['EXIF', 'EXIF fields', 'XMP', 'comment']);
    const res = await upload(id, [[photo, 'IMG_0001.jpg', 'image/jpeg']]);
    expect(res.status).toBe(201);
    const body = (await res.json()) as UploadResponse;
    // Stored sideways with orientation 6: shown 900 wide and 1200 high.
    expect(body).toEqual({
      message: 'upload successful',
      images: [{ path: expect.stringMatching(/^\/images\/[0-9a-f]{32}\.jpg$/), width: 900, height: 1200 }],
    });
    const image = body.images[0]!;
    expect(await imagesOf(id)).toEqual([image]);

    for (const [name, bytes] of await allStored()) expect(metadataFound(bytes), name).toEqual([]);
    expect((await allStored()).some(([, bytes]) => bytes.equals(photo))).toBe(false);

    const served = await fetch(t.url + image.path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(metadataFound(Buffer.from(await served.arrayBuffer()))).toEqual([]);

    expect(variantWidths(900)).toEqual([160, 320, 640, 900]);
    for (const w of variantWidths(900)) {
      for (const [format, type] of [
        ['avif', 'image/avif'],
        ['webp', 'image/webp'],
      ] as const) {
        const variant = await fetch(t.url + variantPath(image.path, w, format));
        expect(variant.status, `${w} ${format}`).toBe(200);
        expect(variant.headers.get('content-type')).toBe(type);
        expect(variant.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(metadataFound(Buffer.from(await variant.arrayBuffer()))).toEqual([]);
      }
    }
    expect((await fetch(`${t.url}/images/.masters/${path.basename(image.path)}`)).status).not.toBe(200);
    expect((await fetch(`${t.url}/images/`)).status).not.toBe(200);
  });

  it('when three images of different formats come at once, then each is served as a JPEG, or a PNG where it has transparency, at its own size', async () => {
    const id = await newProduct();
    const res = await upload(id, [
      [JPEG, 'a.png', 'image/png'],
      [await transparentPng(400, 300), 'b.jpg'],
      [WEBP, 'c', 'application/octet-stream'],
    ]);
    expect(res.status).toBe(201);
    const images = ((await res.json()) as UploadResponse).images;
    expect(images.map((i) => [path.extname(i.path), i.width, i.height])).toEqual([
      ['.jpg', 64, 48],
      ['.png', 400, 300],
      // That WebP's one pixel is transparent.
      ['.png', 1, 1],
    ]);
    expect(await imagesOf(id)).toHaveLength(3);
  });

  it('when uploads are done, then the image library holds no cached operation and works with one thread an image (decision 014)', async () => {
    const id = await newProduct();
    expect((await upload(id, [[await plainJpeg(120, 90), 'kept.jpg']])).status).toBe(201);
    const sharp = (await import('sharp')).default;
    expect(sharp.cache()).toMatchObject({ memory: { current: 0 }, items: { current: 0 }, files: { current: 0 } });
    expect(sharp.concurrency()).toBe(1);
  });

  it('when the same photo is uploaded twice to one product, then the product shows it once', async () => {
    const id = await newProduct();
    const photo = await plainJpeg(120, 90);
    const [first] = (
      (await (
        await upload(id, [
          [photo, 'a.jpg'],
          [photo, 'b.jpg'],
        ])
      ).json()) as UploadResponse
    ).images;
    expect((await upload(id, [[photo, 'c.jpg']])).status).toBe(201);
    expect(await imagesOf(id)).toEqual([first]);
  });

  it('when a small image is uploaded, then it is never upscaled: its only variant is its own width', async () => {
    const id = await newProduct();
    const [image] = ((await (await upload(id, [[JPEG, 'small.jpg']])).json()) as UploadResponse).images;
    expect(image).toMatchObject({ width: 64, height: 48 });
    expect((await fetch(t.url + variantPath(image!.path, 64, 'webp'))).status).toBe(200);
    expect((await fetch(t.url + variantPath(image!.path, 160, 'webp'))).status).toBe(404);
  });

  it('when an animated GIF is uploaded, then its first frame is kept', async () => {
    const id = await newProduct();
    const [image] = ((await (await upload(id, [[await animatedGif(200, 100), 'spin.gif']])).json()) as UploadResponse).images;
    expect(image).toMatchObject({ path: expect.stringMatching(/\.jpg$/), width: 200, height: 100 });
    const bytes = Buffer.from(await (await fetch(t.url + image!.path)).arrayBuffer());
    const [red, green, blue] = (await (await import('sharp')).default(bytes).stats()).channels.map((c) => Math.round(c.mean));
    expect(red).toBeGreaterThan(180);
    expect(blue).toBeLessThan(60);
    expect(green).toBeLessThan(60);
  });

  it('when the same photo is uploaded for two products, then they share its files, which stay while a product or an order line shows them', async () => {
    const photo = await plainJpeg(300, 200);
    const a = await newProduct();
    const b = await newProduct();
    const [first] = ((await (await upload(a, [[photo, 'a.jpg']])).json()) as UploadResponse).images;
    const [second] = ((await (await upload(b, [[photo, 'b.jpg']])).json()) as UploadResponse).images;
    expect(second!.path).toBe(first!.path);
    const file = path.join(imagesDir, path.basename(first!.path));
    const variant = path.join(imagesDir, path.basename(variantPath(first!.path, 160, 'avif')));

    expect((await removeImage(first!.path, a)).status).toBe(200);
    expect(await exists(file)).toBe(true);

    // An order placed earlier shows the picture on its line.
    await t.db.query(
      `insert into orders (user_id, user_snapshot, items_count, subtotal_cents, cart_items, payment_method)
       select id, '{}'::jsonb, 1, 100, $1::jsonb, 'cod' from users limit 1`,
      [JSON.stringify([{ productID: b, name: 'Camera', priceCents: 100, quantity: 1, image: first }])],
    );
    expect((await removeImage(second!.path, b)).status).toBe(200);
    expect(await exists(file)).toBe(true);
    expect((await fetch(t.url + first!.path)).status).toBe(200);

    await t.db.query(`delete from orders where cart_items @> $1::jsonb`, [JSON.stringify([{ image: { path: first!.path } }])]);
    const c = await newProduct();
    await upload(c, [[photo, 'c.jpg']]);
    expect((await removeImage(first!.path, c)).status).toBe(200);
    expect(await exists(file)).toBe(false);
    expect(await exists(variant)).toBe(false);
  });

  it.each([
    ['a 13000×13000 PNG (under 1 KB on the wire)', pngClaiming(13_000, 13_000), 'bomb.png'],
    ['a 20000×100 PNG (a side over 16,384 px)', pngClaiming(20_000, 100), 'strip.png'],
  ])('when %s is uploaded, then 413 names it as too large, from its header, and nothing is stored', async (_label, bytes, name) => {
    const id = await newProduct();
    const before = await storedFiles();
    const res = await upload(id, [
      [PNG, 'good.png'],
      [bytes, name],
    ]);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: `The image ${name} is too large: at most 100 megapixels and 25 MB`, field: 'images' });
    expect(await storedFiles()).toEqual(before);
    expect(await imagesOf(id)).toEqual([]);
  });

  it('when a HEIC photo is uploaded, then it is refused with advice to save it as JPEG, and nothing is stored', async () => {
    const id = await newProduct();
    const before = await storedFiles();
    const res = await upload(id, [[HEIC, 'IMG_0002.HEIC', 'image/heic']]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Save IMG_0002.HEIC as JPEG and upload it again', field: 'images' });
    expect(await storedFiles()).toEqual(before);
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

  it('when a file is over 25 MB, then 413 names it and nothing is stored', async () => {
    const id = await newProduct();
    const before = await storedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(25 * 1024 * 1024)]);
    const res = await upload(id, [[big, 'big.png']]);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The image big.png is too large: at most 100 megapixels and 25 MB', field: 'images' });
    expect(await storedFiles()).toEqual(before);
    expect(await imagesOf(id)).toEqual([]);
  });

  it('when the disk fills up during an upload, then 507 tells the admin to free space, and neither a temporary nor a written file is left', async () => {
    const id = await newProduct();
    const everyFile = async () => (await readdir(imagesDir, { recursive: true }).catch(() => [] as string[])).sort();
    const before = await everyFile();
    // A full disk as the kernel shows it: the third file's write takes a few bytes, then ENOSPC.
    let writes = 0;
    const write = vi.spyOn(fs, 'writeFile').mockImplementation(async (file, data, options) => {
      writes += 1;
      if (writes < 3) return realWriteFile(file, data, options);
      await realWriteFile(file, Buffer.from(data as Uint8Array).subarray(0, 16), options);
      throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    });
    syncBuiltinESMExports();
    try {
      const res = await upload(id, [[await plainJpeg(640, 480), 'big-photo.jpg', 'image/jpeg']]);
      expect(res.status).toBe(507);
      expect(await res.json()).toEqual({
        message: 'The server is out of disk space: free some space, then upload again.',
        field: 'images',
      });
    } finally {
      write.mockRestore();
      syncBuiltinESMExports();
    }
    expect(writes).toBe(3);
    expect(await everyFile()).toEqual(before);
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
    expect(await exists(path.join(imagesDir, path.basename(variantPath(first!.path, 1, 'webp'))))).toBe(false);
    expect(await exists(path.join(imagesDir, '.masters', path.basename(first!.path)))).toBe(false);
    expect(await exists(path.join(imagesDir, path.basename(second!.path)))).toBe(true);
    expect(await exists(path.join(imagesDir, path.basename(variantPath(second!.path, 1, 'webp'))))).toBe(true);
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
