import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantPath, variantWidths } from '#contracts/images.ts';
import type { ProductImage } from '#contracts/product.ts';
import { hasShippingProfile } from '#contracts/value-rules.ts';
import { verifyPassword } from '../../auth/password.ts';
import { createTestDb, TEST_CACHE_DIR } from '../../testing/test-db.ts';
import type { Db } from '../types.ts';
import { CATEGORIES } from './categories.ts';
import { DEMO_SEED, seedDemo, type SeedDemoResult } from './demo.ts';
import { planOrders, planReviews, planUsers } from './plan-activity.ts';
import { planCatalogue } from './plan-catalogue.ts';
import { POOL_SHOTS, type DemoPool } from './photo-pool.ts';
import { metadataFound } from '../../testing/images.ts';
import { createRng } from './random.ts';
import { readPng } from './read-png.ts';

const NOW = new Date('2026-03-15T15:30:00.000Z');
const FAKE_POOL = Object.fromEntries(
  POOL_SHOTS.map((shot) => [shot, { path: `/images/${shot}.jpg`, width: 1600, height: 1200 }]),
) as DemoPool;
const TODAY = '2026-03-15';
const YESTERDAY = '2026-03-14';
const DAY = 86_400_000;

type Product = {
  id: string;
  name: string;
  price_cents: number;
  count: number;
  category: string;
  description: string;
  images: ProductImage[];
  attrs: { key: string; value: string }[];
  rating: string | number;
  reviews_number: number;
  sales: number;
};
type Order = {
  id: string;
  user_id: string | null;
  user_snapshot: Record<string, string>;
  items_count: number;
  subtotal_cents: number;
  cart_items: { productID: string; name: string; priceCents: number; image: ProductImage | null; quantity: number }[];
  payment_method: string;
  is_paid: boolean;
  paid_at: Date | null;
  is_delivered: boolean;
  delivered_at: Date | null;
  is_cancelled: boolean;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  created_at: Date;
};

describe('seedDemo', () => {
  let db: Db;
  let dataDir: string;
  let result: SeedDemoResult;
  let products: Product[];
  let orders: Order[];

  beforeAll(async () => {
    db = await createTestDb();
    dataDir = await mkdtemp(path.join(tmpdir(), 'sf-seed-'));
    const started = performance.now();
    result = await seedDemo(db, { dataDir, poolCache: TEST_CACHE_DIR, now: NOW });
    // Ran on PGlite while the other test file's database opens: generous, still "a few seconds".
    expect(performance.now() - started).toBeLessThan(15_000);
    products = (await db.query<Product>('select * from products')).rows;
    orders = (await db.query<Order>('select * from orders order by created_at')).rows;
  });
  afterAll(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when an empty database is seeded, then every listed category exists with a description, an image and attrs', async () => {
    expect(result.seeded).toBe(true);
    const { rows } = await db.query<{ name: string; description: string; image: string; attrs: { key: string; value: string[] }[] }>(
      'select name, description, image, attrs from categories',
    );
    expect(rows.map((r) => r.name).sort()).toEqual(
      [
        'Computers',
        'Computers/Laptops',
        'Computers/Laptops/Lenovo',
        'Computers/Laptops/Dell',
        'Tablets',
        'Monitors',
        'Games',
        'Printers',
        'Software',
        'Cameras',
        'Videos',
        'Books',
      ].sort(),
    );
    for (const c of rows) {
      expect(c.description.length, c.name).toBeGreaterThan(20);
      expect(c.image).toMatch(/^\/images\/demo\/[\w-]+\.png$/);
    }
    const attrs = (name: string) => rows.find((r) => r.name === name)!.attrs;
    expect(attrs('Computers').find((a) => a.key === 'RAM')!.value).toEqual(expect.arrayContaining(['8 GB', '16 GB', '32 GB']));
    expect(attrs('Computers').find((a) => a.key === 'color')!.value).toEqual(expect.arrayContaining(['blue', 'red', 'black']));
    expect(attrs('Books').map((a) => a.key)).toContain('genre');
  });

  it('when seeded, then at least 60 products spread over every category, priced 10–1000, with stock, attrs of their category and 1–3 images', async () => {
    expect(products.length).toBeGreaterThanOrEqual(60);
    for (const c of CATEGORIES)
      expect(
        products.some((p) => p.category === c.name),
        c.name,
      ).toBe(true);
    const counts = products.map((p) => p.count);
    expect(counts.filter((n) => n === 0).length).toBeGreaterThanOrEqual(3);
    expect(counts.filter((n) => n > 0 && n <= 5).length).toBeGreaterThanOrEqual(3);
    const { rows: cats } = await db.query<{ name: string; attrs: { key: string; value: string[] }[] }>(
      'select name, attrs from categories',
    );
    for (const p of products) {
      expect(p.price_cents, p.name).toBeGreaterThanOrEqual(1000);
      expect(p.price_cents, p.name).toBeLessThanOrEqual(100_000);
      expect(p.description.split('. ').length, p.name).toBeGreaterThanOrEqual(2);
      expect(p.images.length, p.name).toBeGreaterThanOrEqual(1);
      expect(p.images.length, p.name).toBeLessThanOrEqual(3);
      expect(p.attrs.length, p.name).toBeGreaterThan(0);
      const own = cats.find((c) => c.name === p.category)!.attrs;
      for (const a of p.attrs) expect(own.find((o) => o.key === a.key)?.value, `${p.name} ${a.key}`).toContain(a.value);
    }
  });

  it('when seeded, then every product shows photos from the pool of at most 12, shared by content hash, with their size and every variant on disk, and each category a 400x300 PNG', async () => {
    const { rows: cats } = await db.query<{ image: string }>('select image from categories');
    for (const { image } of cats) {
      expect(image).toMatch(/^\/images\/demo\/[\w-]+\.png$/);
      const png = readPng(await readFile(path.join(dataDir, image)));
      expect([png.width, png.height]).toEqual([400, 300]);
    }
    const photos = new Map(products.flatMap((p) => p.images.map((i) => [i.path, i])));
    expect(photos.size).toBeGreaterThan(1);
    expect(photos.size).toBeLessThanOrEqual(12);
    for (const image of photos.values()) {
      expect(image).toEqual({ path: expect.stringMatching(/^\/images\/[0-9a-f]{32}\.jpg$/), width: 1600, height: 1200 });
      for (const w of variantWidths(image.width!))
        for (const format of ['avif', 'webp'] as const) await access(path.join(dataDir, variantPath(image.path, w, format)));
      expect(metadataFound(await readFile(path.join(dataDir, image.path)))).toEqual([]);
    }
    // A product's pictures are different photos: its kind's, then the parcel, then the desk.
    for (const p of products) expect(new Set(p.images.map((i) => i.path)).size, p.name).toBe(p.images.length);
  });

  it('when seeded, then the two demo users log in with their email as password and have a full shipping profile', async () => {
    const { rows } = await db.query<Record<string, string | boolean>>(
      `select email, password_hash, is_admin, phone_number as "phoneNumber", address, country, zip_code as "zipCode", city, state
       from users where email in ('admin@admin.com', 'john@doe.com') order by email`,
    );
    expect(rows.map((r) => [r.email, r.is_admin])).toEqual([
      ['admin@admin.com', true],
      ['john@doe.com', false],
    ]);
    for (const u of rows) {
      expect(await verifyPassword(u.password_hash as string, u.email as string)).toBe(true);
      expect(await verifyPassword(u.password_hash as string, 'wrong password')).toBe(false);
      expect(hasShippingProfile(u as Record<string, string>)).toBe(true);
    }
    const { rows: admins } = await db.query('select 1 from users where is_admin');
    expect(admins).toHaveLength(1);
  });

  it('when seeded, then several orders fall today and yesterday at varied UTC hours, all within 30 days and before now', () => {
    const day = (o: Order) => o.created_at.toISOString().slice(0, 10);
    const today = orders.filter((o) => day(o) === TODAY);
    const yesterday = orders.filter((o) => day(o) === YESTERDAY);
    expect(today.length).toBeGreaterThanOrEqual(5);
    expect(yesterday.length).toBeGreaterThanOrEqual(5);
    expect(new Set(yesterday.map((o) => o.created_at.getUTCHours())).size).toBeGreaterThanOrEqual(4);
    expect(new Set(today.map((o) => o.created_at.getUTCHours())).size).toBeGreaterThanOrEqual(3);
    expect(new Set(orders.map(day)).size).toBeGreaterThanOrEqual(25);
    for (const o of orders) {
      expect(o.created_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(o.created_at.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 30 * DAY);
    }
    const methods = new Set(orders.map((o) => o.payment_method));
    expect(methods).toEqual(new Set(['pp', 'cod']));
    expect(orders.some((o) => o.is_paid)).toBe(true);
    expect(orders.some((o) => o.is_delivered)).toBe(true);
    expect(orders.some((o) => !o.is_paid && !o.is_delivered)).toBe(true);
  });

  it('when seeded, then each order has totals from its lines, the agreed cart_items and user_snapshot shapes, and paid only by PayPal', async () => {
    const byId = new Map(products.map((p) => [p.id, p]));
    const { rows: users } = await db.query<{ id: string; email: string; name: string }>('select id, email, name from users');
    for (const o of orders) {
      expect(o.items_count).toBe(o.cart_items.reduce((n, l) => n + l.quantity, 0));
      expect(o.subtotal_cents).toBe(o.cart_items.reduce((n, l) => n + l.priceCents * l.quantity, 0));
      for (const line of o.cart_items) {
        expect(Object.keys(line).sort()).toEqual(['image', 'name', 'priceCents', 'productID', 'quantity']);
        const p = byId.get(line.productID)!;
        expect([line.name, line.priceCents, line.image]).toEqual([p.name, p.price_cents, p.images[0]]);
      }
      expect(Object.keys(o.user_snapshot).sort()).toEqual(
        ['_id', 'address', 'city', 'country', 'email', 'lastName', 'name', 'phoneNumber', 'state', 'zipCode'].sort(),
      );
      const user = users.find((u) => u.id === o.user_id)!;
      expect([o.user_snapshot._id, o.user_snapshot.email]).toEqual([user.id, user.email]);
      if (o.payment_method === 'cod') expect(o.is_paid).toBe(false);
      expect(o.paid_at !== null).toBe(o.is_paid);
      expect(o.delivered_at !== null).toBe(o.is_delivered);
    }
  });

  it('when seeded, then each order has a created event and a paid, delivered or cancelled event exactly when it is so', async () => {
    const { rows } = await db.query<{ order_id: string; type: string; at: Date }>('select order_id, type, at from order_events');
    for (const o of orders) {
      const mine = rows.filter((e) => e.order_id === o.id);
      const at = (type: string) => mine.find((e) => e.type === type)?.at.getTime() ?? null;
      expect(at('created')).toBe(o.created_at.getTime());
      expect(at('paid')).toBe(o.paid_at?.getTime() ?? null);
      expect(at('delivered')).toBe(o.delivered_at?.getTime() ?? null);
      expect(at('cancelled')).toBe(o.cancelled_at?.getTime() ?? null);
      expect(mine).toHaveLength(1 + Number(o.is_paid) + Number(o.is_delivered) + Number(o.is_cancelled));
    }
  });

  it('when seeded, then every wallet order left unpaid for 30 minutes before now is cancelled "not paid in time" at that moment, and no other', () => {
    for (const o of orders) {
      const expired = o.payment_method === 'pp' && !o.is_paid && o.created_at.getTime() + 30 * 60_000 <= NOW.getTime();
      expect(o.is_cancelled, o.id).toBe(expired);
      if (expired) expect([o.cancel_reason, o.cancelled_at?.getTime()]).toEqual(['expired', o.created_at.getTime() + 30 * 60_000]);
    }
    expect(orders.some((o) => o.is_cancelled)).toBe(true);
  });

  it('when seeded, then each product counts as sales the quantities ordered in orders not cancelled', () => {
    for (const p of products) {
      const ordered = orders
        .filter((o) => !o.is_cancelled)
        .flatMap((o) => o.cart_items)
        .filter((l) => l.productID === p.id);
      expect(p.sales, p.name).toBe(ordered.reduce((n, l) => n + l.quantity, 0));
    }
    expect(products.some((p) => p.sales > 0)).toBe(true);
  });

  it('when seeded, then each product rating is the average of its reviews to 2 decimals and reviews_number their count', async () => {
    const { rows } = await db.query<{ product_id: string; rating: number; comment: string; user_id: string | null }>(
      'select product_id, rating, comment, user_id from reviews',
    );
    expect(rows.length).toBeGreaterThan(60);
    expect(new Set(rows.map((r) => r.rating)).size).toBeGreaterThanOrEqual(4);
    for (const p of products) {
      const mine = rows.filter((r) => r.product_id === p.id);
      expect(p.reviews_number, p.name).toBe(mine.length);
      const avg = mine.length ? Math.round((mine.reduce((n, r) => n + r.rating, 0) / mine.length) * 100) / 100 : 0;
      expect(Number(p.rating), p.name).toBe(avg);
      for (const r of mine) expect(r.comment.length).toBeGreaterThan(10);
    }
  });

  it('when seeding runs again, then nothing is added', async () => {
    const count = async () =>
      (
        await db.query<{ n: number }>(
          `select (select count(*) from categories) + (select count(*) from products) + (select count(*) from users)
          + (select count(*) from reviews) + (select count(*) from orders) + (select count(*) from order_events) as n`,
        )
      ).rows[0]!.n;
    const before = Number(await count());
    const again = await seedDemo(db, { dataDir, poolCache: TEST_CACHE_DIR, now: NOW });
    expect(again).toMatchObject({ seeded: false, reason: 'not-empty' });
    expect(Number(await count())).toBe(before);
  });

  it('when the plan is made twice with the same seed and time, then it is identical, and another seed differs', () => {
    const plan = (seed: number) => {
      const rng = createRng(seed);
      const { products: ps, categories } = planCatalogue(rng, NOW, FAKE_POOL);
      const users = planUsers(rng, NOW);
      return { categories, ps, users, reviews: planReviews(rng, NOW, ps, users), orders: planOrders(rng, NOW, ps, users) };
    };
    expect(plan(DEMO_SEED)).toEqual(plan(DEMO_SEED));
    expect(plan(DEMO_SEED + 1).orders).not.toEqual(plan(DEMO_SEED).orders);
    // The database seeded above used the same seed and time: the same ids.
    expect(new Set(products.map((p) => p.id))).toEqual(new Set(plan(DEMO_SEED).ps.map((p) => p.id)));
  });
});
