import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../auth/password.ts';
import { ADVISORY_LOCKS } from '../advisory-locks.ts';
import type { Db, Queryable } from '../types.ts';
import { writePictures } from './images.ts';
import { demoPool } from './photo-pool.ts';
import { insertCategories, insertOrders, insertProducts, insertReviews, insertUsers } from './insert.ts';
import { planOrders, planReviews, planUsers } from './plan-activity.ts';
import { planCatalogue } from './plan-catalogue.ts';
import { createRng } from './random.ts';

export const DEMO_SEED = 20_240_601;

export type SeedDemoOptions = {
  /**
   * DATA_DIR: the products' photos are processed into `${dataDir}/images/` (photo-pool.ts), the
   * categories' pictures go to `${dataDir}/images/demo/`, served as `/images/demo/<file>.png`.
   */
  dataDir: string;
  /** Where the processed photos are kept between DATA_DIRs (DEMO_POOL_CACHE; tests: node_modules/.cache). */
  poolCache?: string;
  /** "Now" for order and review dates (default: the current time). Orders fall in the 30 UTC days up to it. */
  now?: Date;
  /**
   * Production (NODE_ENV=production): nothing is seeded — no accounts, no orders, no catalogue —
   * unless `catalogueOnly` asks for the catalogue. Create an admin with `npm run create-admin`.
   */
  production?: boolean;
  /** Seed categories and products only (no accounts, reviews or orders), in any mode. */
  catalogueOnly?: boolean;
  /** PRNG seed; the same seed and `now` give the same data. */
  seed?: number;
  onProgress?: (message: string) => void;
};

export type SeedCounts = {
  categories: number;
  products: number;
  users: number;
  reviews: number;
  orders: number;
  orderEvents: number;
  imagesWritten: number;
};

export type SeedDemoResult =
  { seeded: true; counts: SeedCounts; ms: number } | { seeded: false; reason: 'production' | 'not-empty'; ms: number };

const hasData = async (q: Queryable, catalogueOnly: boolean): Promise<boolean> => {
  const { rows } = await q.query<{ any: boolean }>(
    `select exists(select 1 from categories) or exists(select 1 from products)${catalogueOnly ? '' : ' or exists(select 1 from users)'} as any`,
  );
  return rows[0]?.any === true;
};

/**
 * Fills an empty database with the demo shop: 12 categories, 68 products
 * with photos from a pool of twelve (processed as uploads are), demo accounts (`admin@admin.com` / `admin@admin.com`, admin;
 * `john@doe.com` / `john@doe.com`; six customers who cannot log in), reviews and 30 days of
 * orders with their events. Does nothing when any category, product or user exists, so it
 * is safe on every start. One transaction: either all of it or none.
 */
export const seedDemo = async (db: Db, options: SeedDemoOptions): Promise<SeedDemoResult> => {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const progress = options.onProgress ?? (() => undefined);
  const catalogueOnly = options.catalogueOnly ?? false;
  if (options.production && !catalogueOnly) return { seeded: false, reason: 'production', ms: ms() };
  if (await hasData(db, catalogueOnly)) return { seeded: false, reason: 'not-empty', ms: ms() };

  const now = options.now ?? new Date();
  const rng = createRng(options.seed ?? DEMO_SEED);
  const pool = await demoPool(options.dataDir, { cacheDir: options.poolCache, onProgress: progress });
  const { categories, products, pictures } = planCatalogue(rng, now, pool);
  const users = catalogueOnly ? [] : planUsers(rng, now);
  const reviews = catalogueOnly ? [] : planReviews(rng, now, products, users);
  const orders = catalogueOnly ? [] : planOrders(rng, now, products, users);

  progress(`writing ${pictures.length} category pictures`);
  const imagesWritten = await writePictures(options.dataDir, pictures);
  progress('hashing demo passwords');
  const withHashes = await Promise.all(
    users.map(async (u) => ({ ...u, passwordHash: await hashPassword(u.password ?? randomBytes(24).toString('base64url')) })),
  );

  progress('inserting rows');
  const counts = await db.transaction(async (tx) => {
    // Two processes starting at once: the second waits here, then sees the first one's rows.
    await tx.query('select pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.demoSeed]);
    if (await hasData(tx, catalogueOnly)) return null;
    const c = await insertCategories(tx, categories);
    const u = await insertUsers(tx, withHashes);
    const p = await insertProducts(tx, products);
    const r = await insertReviews(tx, reviews);
    const o = await insertOrders(tx, orders);
    return { categories: c, users: u, products: p, reviews: r, orders: o.orders, orderEvents: o.events };
  });
  if (!counts) return { seeded: false, reason: 'not-empty', ms: ms() };
  return { seeded: true, counts: { ...counts, imagesWritten }, ms: ms() };
};
