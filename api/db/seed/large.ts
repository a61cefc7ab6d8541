import { randomBytes, randomUUID } from 'node:crypto';
import { hashPassword } from '../../auth/password.ts';
import type { Db } from '../types.ts';
import { BATCH_SIZE } from './bulk.ts';
import { categoryByName } from './categories.ts';
import { writePictures } from './images.ts';
import { demoPool } from './photo-pool.ts';
import { insertCategories, insertOrders, insertProducts } from './insert.ts';
import { cartItemOf, makeOrder, startOfUtcDay, type OrderRow, type UserRow } from './plan-activity.ts';
import { planCatalogue, type ProductRow } from './plan-catalogue.ts';
import { createRng } from './random.ts';

export type SeedLargeOptions = {
  /** How many products to add. */
  products: number;
  /** How many orders to add, spread over `ordersDay` (default 0). */
  orders?: number;
  /** The UTC day the orders fall on (default: today); on the current day they stop at `now`. */
  ordersDay?: Date;
  dataDir: string;
  /** As seedDemo's. */
  poolCache?: string;
  now?: Date;
  seed?: number;
  batchSize?: number;
  onProgress?: (message: string) => void;
};

export type SeedLargeResult = { products: number; orders: number; orderEvents: number; ms: number };

const DAY = 86_400_000;
const EDITIONS = ['2025 Edition', 'Plus', 'Pro', 'Lite', 'Bundle', 'Refurbished', 'Limited Edition', 'Value Pack', 'Max', 'Essentials'];
const EXTRA_SENTENCES = [
  'Free returns within 30 days.',
  'Backed by a two-year warranty.',
  'Ships in recyclable packaging.',
  'A customer favourite this season.',
  'Comes with a quick-start guide.',
];

type Line = Pick<ProductRow, 'id' | 'name' | 'priceCents' | 'images'>;

const benchBuyer = async (db: Db, now: Date): Promise<UserRow> => {
  const person = {
    name: 'Bench',
    lastName: 'Customer',
    email: 'bench.customer@example.com',
    isAdmin: false,
    phoneNumber: '+1 555 010 0999',
    address: '500 Load Test Lane',
    country: 'United States',
    zipCode: '10001',
    city: 'New York',
    state: 'NY',
  };
  const found = await db.query<{ id: string }>('select id from users where email = $1', [person.email]);
  if (found.rows[0]) return { ...person, id: found.rows[0].id, createdAt: now };
  const hash = await hashPassword(randomBytes(24).toString('base64url'));
  const { rows } = await db.query<{ id: string }>(
    `insert into users (name, last_name, email, password_hash, phone_number, address, country, zip_code, city, state)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict (email) do update set email = excluded.email returning id`,
    [
      person.name,
      person.lastName,
      person.email,
      hash,
      person.phoneNumber,
      person.address,
      person.country,
      person.zipCode,
      person.city,
      person.state,
    ],
  );
  return { ...person, id: rows[0]!.id, createdAt: now };
};

/**
 * Adds a large synthetic catalogue for benchmarks: `products` products (variants of the demo
 * ones, reusing their photos, ratings and review counts drawn at random without review rows)
 * and optionally `orders` orders on one day, each with its events, products' `sales` updated.
 * Inserts in batches of 5000 with `unnest`; each batch commits on its own. Adds to what is there.
 */
export const seedLarge = async (db: Db, options: SeedLargeOptions): Promise<SeedLargeResult> => {
  const started = performance.now();
  const progress = options.onProgress ?? (() => undefined);
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const rng = createRng(options.seed ?? 1_000_003);
  const photos = await demoPool(options.dataDir, { cacheDir: options.poolCache, onProgress: progress });
  const catalogue = planCatalogue(createRng(20_240_601), now, photos);
  await writePictures(options.dataDir, catalogue.pictures);
  await insertCategories(db, catalogue.categories);
  const templates = catalogue.products;

  const pool: Line[] = [];
  let inserted = 0;
  for (let start = 0; start < options.products; start += batchSize) {
    const rows: ProductRow[] = [];
    for (let i = start; i < Math.min(options.products, start + batchSize); i++) {
      const t = templates[i % templates.length]!;
      const category = categoryByName(t.category);
      const reviewsNumber = rng.chance(0.2) ? 0 : rng.int(1, 40);
      const priceCents = Math.min(100_000, Math.max(1_000, Math.round(t.priceCents * (0.7 + rng.next() * 0.6))));
      rows.push({
        id: randomUUID(),
        name: `${t.name} ${rng.pick(EDITIONS)} #${i + 1}`,
        description: `${t.description} ${rng.pick(EXTRA_SENTENCES)}`,
        priceCents,
        count: rng.chance(0.05) ? 0 : rng.int(1, 250),
        category: t.category,
        images: t.images,
        attrs: category.attrs.map((a) => ({ key: a.key, value: rng.pick(a.value) })),
        createdAt: new Date(now.getTime() - rng.int(0, 365) * DAY - rng.int(0, DAY - 1)),
        rating: reviewsNumber ? Math.round((1 + rng.next() * 4) * 100) / 100 : 0,
        reviewsNumber,
        sales: 0,
      });
    }
    inserted += await insertProducts(db, rows, batchSize);
    if (options.orders) for (const r of rows) pool.push({ id: r.id, name: r.name, priceCents: r.priceCents, images: r.images });
    progress(`products: ${inserted} / ${options.products}`);
  }

  let orders = 0;
  let orderEvents = 0;
  const wanted = options.orders ?? 0;
  if (wanted > 0) {
    if (pool.length === 0) {
      const { rows } = await db.query<Line>(
        `select id, name, price_cents as "priceCents", images from products order by created_at desc limit 10000`,
      );
      pool.push(...rows);
    }
    if (pool.length === 0) throw new Error('seedLarge: orders need products; add some with --products');
    const buyer = await benchBuyer(db, now);
    const dayStart = startOfUtcDay(options.ordersDay ?? now).getTime();
    const span = Math.max(1, Math.min(DAY, now.getTime() - dayStart));
    const sales = new Map<string, number>();
    for (let start = 0; start < wanted; start += batchSize) {
      const batch: OrderRow[] = [];
      for (let i = start; i < Math.min(wanted, start + batchSize); i++) {
        const lines = rng.sample(pool.length > 50 ? Array.from({ length: 3 }, () => rng.pick(pool)) : pool, rng.int(1, 3));
        const unique = [...new Map(lines.map((l) => [l.id, l])).values()];
        const items = unique.map((p) => cartItemOf(p, rng.chance(0.8) ? 1 : rng.int(2, 4)));
        const order = makeOrder(rng, now, new Date(dayStart + Math.floor(rng.next() * span)), buyer, items, randomUUID());
        // A cancelled order gave its units back: it counts in no sales.
        if (!order.cancelledAt) for (const item of items) sales.set(item.productID, (sales.get(item.productID) ?? 0) + item.quantity);
        batch.push(order);
      }
      const result = await insertOrders(db, batch, batchSize);
      orders += result.orders;
      orderEvents += result.events;
      progress(`orders: ${orders} / ${wanted}`);
    }
    const ids = [...sales.keys()];
    for (let start = 0; start < ids.length; start += batchSize) {
      const slice = ids.slice(start, start + batchSize);
      await db.query(`update products p set sales = p.sales + t.q from unnest($1::uuid[], $2::integer[]) as t(id, q) where p.id = t.id`, [
        slice,
        slice.map((id) => sales.get(id)!),
      ]);
    }
  }
  return { products: inserted, orders, orderEvents, ms: Math.round(performance.now() - started) };
};
