import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ProductImage } from '#contracts/product.ts';
import { imageLibrary, processImage } from '../../components/images/process.ts';
import { exists, imagesDir, storeProcessed, writeWhole } from '../../components/images/storage.ts';
import { CATEGORIES } from './categories.ts';
import { drawKind, type PictureKind } from './images.ts';
import { POOL_CODE } from './pool-code.ts';
import { darken, lighten, Raster, type Rgb } from './png.ts';

/**
 * The demo's products show photos that weigh what a shop's do. Twelve sources of
 * 2400 × 1800 px (one per kind of goods, a parcel and a desk), drawn with light and grain so
 * encoders work as on a camera's JPEG (1–2 MB each), go once per DATA_DIR through the upload
 * pipeline and are shared by content hash: a product's first picture is its kind's, its second
 * the parcel, its third the desk.
 */

export type PoolShot = PictureKind | 'parcel' | 'desk';
export type DemoPool = Record<PoolShot, ProductImage>;

const KINDS: readonly PictureKind[] = ['computer', 'laptop', 'tablet', 'monitor', 'game', 'printer', 'software', 'camera', 'video', 'book'];
export const POOL_SHOTS: readonly PoolShot[] = [...KINDS, 'parcel', 'desk'];

/** A product's `n`th picture (from 0). */
export const poolShotOf = (kind: PictureKind, n: number): PoolShot => (n === 0 ? kind : n === 1 ? 'parcel' : 'desk');

const WIDTH = 2400;
const HEIGHT = 1800;
const SCALE = WIDTH / 400;
const CARDBOARD: Rgb = [176, 132, 86];
const WOOD: Rgb = [150, 105, 70];

const colourOf = (shot: PoolShot): Rgb =>
  shot === 'parcel' ? CARDBOARD : shot === 'desk' ? WOOD : CATEGORIES.find((c) => c.kind === shot)!.color;

const drawShot = (img: Raster, shot: PoolShot, c: Rgb): void => {
  const [cx, cy, s] = [WIDTH / 2, HEIGHT / 2, SCALE];
  if (shot === 'parcel') {
    img.rect(cx - 110 * s, cy - 60 * s, 220 * s, 130 * s, c);
    img.rect(cx - 110 * s, cy - 80 * s, 220 * s, 22 * s, lighten(c, 0.2));
    img.rect(cx - 12 * s, cy - 80 * s, 24 * s, 150 * s, darken(c, 0.25));
    img.rect(cx + 40 * s, cy - 20 * s, 55 * s, 35 * s, [245, 245, 240]);
    for (let i = 0; i < 9; i++) img.rect(cx + (45 + i * 5) * s, cy - 12 * s, 2 * s, 18 * s, [30, 30, 30]);
  } else if (shot === 'desk') {
    img.triangle(0, cy + 40 * s, WIDTH, cy + 40 * s, WIDTH, HEIGHT, c);
    img.triangle(0, cy + 40 * s, 0, HEIGHT, WIDTH, HEIGHT, c);
    img.rect(cx - 120 * s, cy - 25 * s, 40 * s, 55 * s, [190, 80, 60]);
    img.circle(cx - 100 * s, cy - 45 * s, 35 * s, [60, 140, 70]);
    img.rect(cx - 10 * s, cy - 5 * s, 150 * s, 40 * s, lighten(c, 0.7));
    img.circle(cx + 110 * s, cy - 15 * s, 18 * s, [240, 240, 235]);
  } else {
    drawKind(img, shot, cx, cy, s, c);
  }
};

/**
 * One source photo: a lit backdrop, the floor, the goods, then one pass of light falling from
 * the top left and sensor grain, from a fixed seed so the same bytes (and hash) come every time.
 */
export const renderSource = async (shot: PoolShot): Promise<Buffer> => {
  const c = colourOf(shot);
  const img = new Raster(WIDTH, HEIGHT).gradient(lighten(c, 0.85), lighten(c, 0.6));
  img.rect(0, 250 * SCALE, WIDTH, 50 * SCALE, lighten(c, 0.45));
  drawShot(img, shot, c);
  const px = img.pixels;
  const [lx, ly, reach] = [WIDTH * 0.35, HEIGHT * 0.25, WIDTH * WIDTH + HEIGHT * HEIGHT];
  let seed = POOL_SHOTS.indexOf(shot) + 1;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const light = 1.25 - (((x - lx) ** 2 + (y - ly) ** 2) / reach) * 1.1;
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const grain = ((seed >>> 16) & 63) - 32;
      const i = (y * WIDTH + x) * 3;
      for (let k = i; k < i + 3; k++) {
        const v = px[k]! * light + grain;
        px[k] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
    }
  }
  return (await imageLibrary())(px, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
};

/** Changes with the generator, the pipeline or sharp: a pool made by other code is never reused. */
const poolKey = async (): Promise<string> => {
  const hash = createHash('sha256').update((await imageLibrary()).versions.vips ?? '');
  // Compiled or not, the TypeScript as written: the build copies it beside the .js.
  for (const file of POOL_CODE) hash.update(await readFile(new URL(`../../../${file}`, import.meta.url)));
  return hash.digest('hex').slice(0, 16);
};

const manifestOf = (dataDir: string, key: string) => path.join(imagesDir(dataDir), `.demo-pool-${key}.json`);

/** Processes the twelve sources into `dataDir`, as uploads are, and lists them last (the manifest says the pool is whole). */
const makePool = async (dataDir: string, key: string, progress: (message: string) => void): Promise<DemoPool> => {
  const pool: Partial<DemoPool> = {};
  for (const [i, shot] of POOL_SHOTS.entries()) {
    progress(`photo ${i + 1}/${POOL_SHOTS.length} ${shot}`);
    const source = await renderSource(shot);
    const processed = await processImage(source);
    const stored = await storeProcessed(dataDir, createHash('sha256').update(source).digest('hex').slice(0, 32), processed);
    pool[shot] = { path: stored.path, width: processed.width, height: processed.height };
  }
  await writeWhole(manifestOf(dataDir, key), Buffer.from(JSON.stringify(pool)));
  return pool as DemoPool;
};

export type PoolOptions = {
  /**
   * A folder where the processed pool is kept between DATA_DIRs (tests: node_modules/.cache),
   * under a name that changes with the generator; copied instead of processed again.
   */
  cacheDir?: string;
  onProgress?: (message: string) => void;
};

/**
 * The cache's copy of the processed pool, made when missing: aside, then renamed whole, since
 * several test files (or a global setup) may ask at once and one that dies must leave no half pool.
 */
export const cachedPool = async (cacheDir: string, onProgress: (message: string) => void = () => undefined): Promise<string> => {
  const key = await poolKey();
  const cached = path.join(cacheDir, `demo-pool-${key}`);
  if (await exists(manifestOf(cached, key))) return cached;
  const building = `${cached}.tmp-${randomUUID()}`;
  await makePool(building, key, onProgress);
  await rename(building, cached).catch(async (error: NodeJS.ErrnoException) => {
    if (!['ENOTEMPTY', 'EEXIST'].includes(error.code ?? '')) throw error;
    await rm(building, { recursive: true, force: true });
  });
  // Pools of earlier generators are never read again (about 35 MB each).
  for (const name of await readdir(cacheDir))
    if (/^demo-pool-[0-9a-f]{16}$/.test(name) && name !== path.basename(cached))
      await rm(path.join(cacheDir, name), { recursive: true, force: true });
  return cached;
};

/** The demo's photos in `dataDir`, processed on the first call for that DATA_DIR (or copied from the cache). */
export const demoPool = async (dataDir: string, { cacheDir, onProgress = () => undefined }: PoolOptions = {}): Promise<DemoPool> => {
  const key = await poolKey();
  const manifest = manifestOf(dataDir, key);
  if (await exists(manifest)) return JSON.parse(await readFile(manifest, 'utf8')) as DemoPool;
  if (!cacheDir) return makePool(dataDir, key, onProgress);
  const cached = await cachedPool(cacheDir, onProgress);
  onProgress('photos copied from the cache');
  await mkdir(imagesDir(dataDir), { recursive: true });
  await cp(imagesDir(cached), imagesDir(dataDir), { recursive: true, force: false });
  return JSON.parse(await readFile(manifest, 'utf8')) as DemoPool;
};
