import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_CACHE_DIR } from '../../testing/test-db.ts';
import type { Db } from '../types.ts';
import { CATEGORIES } from './categories.ts';
import { seedLarge } from './large.ts';

const NOW = new Date('2026-03-15T15:30:00.000Z');

describe('seedLarge', () => {
  let db: Db;
  let dataDir: string;
  beforeAll(async () => {
    db = await createTestDb();
    dataDir = await mkdtemp(path.join(tmpdir(), 'sf-seed-large-'));
  });
  afterAll(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when asked for N products in small batches, then exactly N products are inserted in the demo categories with pictures on disk', async () => {
    const result = await seedLarge(db, { products: 23, dataDir, poolCache: TEST_CACHE_DIR, now: NOW, batchSize: 5 });
    expect(result.products).toBe(23);
    const { rows } = await db.query<{ category: string; images: { path: string }[]; price_cents: number; attrs: { key: string }[] }>(
      'select category, images, price_cents, attrs from products',
    );
    expect(rows).toHaveLength(23);
    const names = CATEGORIES.map((c) => c.name);
    for (const p of rows) {
      expect(names).toContain(p.category);
      expect(p.price_cents).toBeGreaterThanOrEqual(1000);
      expect(p.price_cents).toBeLessThanOrEqual(100_000);
      expect(p.attrs.length).toBeGreaterThan(0);
      for (const image of p.images) await access(path.join(dataDir, image.path));
    }
    await seedLarge(db, { products: 7, dataDir, poolCache: TEST_CACHE_DIR, now: NOW, batchSize: 5 });
    const { rows: total } = await db.query<{ n: number }>('select count(*) as n from products');
    expect(Number(total[0]!.n)).toBe(30);
  });

  it('when asked for M orders on a day, then M orders fall on that UTC day with events and sales matching the lines of those not cancelled', async () => {
    const result = await seedLarge(db, {
      products: 0,
      orders: 12,
      ordersDay: new Date('2026-03-10T00:00:00Z'),
      dataDir,
      poolCache: TEST_CACHE_DIR,
      now: NOW,
      batchSize: 5,
    });
    expect(result.orders).toBe(12);
    const { rows } = await db.query<{
      id: string;
      created_at: Date;
      subtotal_cents: number;
      is_cancelled: boolean;
      cart_items: { productID: string; priceCents: number; quantity: number }[];
    }>('select id, created_at, subtotal_cents, is_cancelled, cart_items from orders');
    expect(rows).toHaveLength(12);
    for (const o of rows) {
      expect(o.created_at.toISOString().slice(0, 10)).toBe('2026-03-10');
      expect(o.subtotal_cents).toBe(o.cart_items.reduce((n, l) => n + l.priceCents * l.quantity, 0));
    }
    const { rows: created } = await db.query<{ n: number }>(`select count(*) as n from order_events where type = 'created'`);
    expect(Number(created[0]!.n)).toBe(12);
    const { rows: sales } = await db.query<{ n: number }>('select sum(sales) as n from products');
    // A cancelled order (unpaid wallet order past its hold) gave its units back.
    expect(Number(sales[0]!.n)).toBe(
      rows
        .filter((o) => !o.is_cancelled)
        .flatMap((o) => o.cart_items)
        .reduce((n, l) => n + l.quantity, 0),
    );
  });
});
