import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantPath, variantWidths } from '#contracts/images.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { metadataFound, phonePhoto, transparentPng } from '../../testing/images.ts';
import { addProduct } from '../products/test-fixtures.ts';
import { imagesToRebuild, rebuildImages, rebuildOnStart } from './rebuild.ts';
import { masterFile } from './storage.ts';

/*
 * A DATA_DIR from before processing (an old upload with the phone's GPS in its
 * EXIF at `/images/<uuid>.jpg`, the old demo's PNG at `/images/demo/…`), shown by a product and
 * an order line, is brought up to date by `npm run images:rebuild`.
 */
describe('rebuildImages', () => {
  let t: TestApi;
  let dataDir: string;
  const upload = `/images/${randomUUID()}.jpg`;
  const demo = '/images/demo/product-tablet-1.png';
  let productId: string;
  const file = (p: string) => path.join(dataDir, p);
  const served = async (p: string) => {
    const res = await fetch(t.url + p);
    expect(res.status, p).toBe(200);
    return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    t = await startTestApi();
    dataDir = t.config.DATA_DIR;
    await mkdir(file('/images/demo'), { recursive: true });
    // Stored sideways with EXIF orientation 6, GPS, XMP and a comment, as uploads were kept before.
    await writeFile(file(upload), await phonePhoto(1200, 900));
    await writeFile(file(demo), await transparentPng(400, 300));
    productId = await addProduct(t.db, { name: 'Old tablet', category: 'Tablets', images: [{ path: upload }, { path: demo }] });
    await t.register();
    await t.db.query(
      `insert into orders (user_id, user_snapshot, items_count, subtotal_cents, cart_items, payment_method)
       select id, '{}'::jsonb, 1, 1000, $1::jsonb, 'cod' from users limit 1`,
      [JSON.stringify([{ productID: productId, name: 'Old tablet', priceCents: 1000, quantity: 1, image: { path: upload } }])],
    );
  });
  afterAll(() => t.stop());

  it('when a DATA_DIR holds images from before processing, then a rebuild serves processed bytes at their old paths, writes their variants and records their sizes on products and order lines', async () => {
    expect(await imagesToRebuild(dataDir)).toEqual([demo, upload].sort());
    const said: string[] = [];
    const result = await rebuildImages(t.db, dataDir, { say: (line) => said.push(line) });
    expect(result).toEqual({ rebuilt: [demo, upload].sort(), skipped: [] });
    expect(said).toEqual([`1/2 ${[demo, upload].sort()[0]}`, `2/2 ${[demo, upload].sort()[1]}`]);

    const photo = await served(upload);
    expect(photo.type).toBe('image/jpeg');
    expect(metadataFound(photo.bytes)).toEqual([]);
    // The quarter turn applied: 900 × 1200 on screen, and no orientation left to apply twice.
    expect(await sharp(photo.bytes).metadata()).toMatchObject({ width: 900, height: 1200, format: 'jpeg' });
    expect((await sharp(photo.bytes).metadata()).orientation).toBeUndefined();
    const png = await served(demo);
    expect(png.type).toBe('image/png');
    expect(metadataFound(png.bytes)).toEqual([]);

    for (const w of variantWidths(900)) {
      for (const format of ['avif', 'webp'] as const) {
        const variant = await served(variantPath(upload, w, format));
        expect(variant.type).toBe(`image/${format}`);
        expect(metadataFound(variant.bytes)).toEqual([]);
      }
    }
    expect((await served(variantPath(demo, 400, 'webp'))).type).toBe('image/webp');
    // The master is kept, never served.
    expect((await stat(masterFile(dataDir, upload)!)).isFile()).toBe(true);
    expect((await fetch(t.url + '/images/.masters/demo/product-tablet-1.png')).status).toBe(404);

    const { rows } = await t.db.query<{ images: unknown }>('select images from products where id = $1', [productId]);
    expect(rows[0]!.images).toEqual([
      { path: upload, width: 900, height: 1200 },
      { path: demo, width: 400, height: 300 },
    ]);
    const { rows: orders } = await t.db.query<{ cart_items: Array<{ image: unknown }> }>('select cart_items from orders');
    expect(orders[0]!.cart_items[0]!.image).toEqual({ path: upload, width: 900, height: 1200 });
  });

  it('when the rebuild runs again (as every start does), then it finds nothing to do, says nothing and touches no file', async () => {
    const before = await readdir(file('/images'), { recursive: true });
    const mtime = (await stat(file(upload))).mtimeMs;
    expect(await imagesToRebuild(dataDir)).toEqual([]);
    expect(await rebuildImages(t.db, dataDir)).toEqual({ rebuilt: [], skipped: [] });
    const said: string[] = [];
    await rebuildOnStart(t.db, dataDir, (line) => said.push(line));
    expect(said).toEqual([]);
    expect((await stat(file(upload))).mtimeMs).toBe(mtime);
    expect((await readdir(file('/images'), { recursive: true })).sort()).toEqual(before.sort());
  });

  it('when a run stops half-way, then the next run finishes the images left and redoes none that were done', async () => {
    const third = `/images/${randomUUID()}.jpg`;
    const fourth = `/images/${randomUUID()}.jpg`;
    await writeFile(file(third), await phonePhoto(640, 480));
    await writeFile(file(fourth), await phonePhoto(640, 480));
    const [first, second] = [third, fourth].sort() as [string, string];
    // Stopped (as by Ctrl+C) when it came to the second image.
    const stopped = rebuildImages(t.db, dataDir, {
      say: (line) => {
        if (line.startsWith('2/')) throw new Error('stopped');
      },
    });
    await expect(stopped).rejects.toThrow('stopped');
    expect(await imagesToRebuild(dataDir)).toEqual([second]);
    // And killed inside the next image, after its file was replaced and before its master was in place.
    const master = masterFile(dataDir, first)!;
    await rename(master, `${master}.pending`);
    await rm(file(variantPath(first, 320, 'avif')));
    expect(await imagesToRebuild(dataDir)).toEqual([second, first].sort());

    const result = await rebuildImages(t.db, dataDir);
    expect(result.rebuilt.sort()).toEqual([first, second].sort());
    expect(await imagesToRebuild(dataDir)).toEqual([]);
    for (const p of [first, second]) {
      expect(metadataFound(await readFile(file(p)))).toEqual([]);
      expect((await served(variantPath(p, 320, 'avif'))).type).toBe('image/avif');
    }
    expect((await readdir(path.dirname(master))).filter((n) => n.endsWith('.pending'))).toEqual([]);
  });
});
