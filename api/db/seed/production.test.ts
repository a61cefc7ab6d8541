import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, TEST_CACHE_DIR } from '../../testing/test-db.ts';
import type { Db } from '../types.ts';
import { seedDemo } from './demo.ts';

const counts = async (db: Db) => {
  const { rows } = await db.query<Record<string, number>>(
    `select (select count(*) from categories) as categories, (select count(*) from products) as products,
            (select count(*) from users) as users, (select count(*) from reviews) as reviews, (select count(*) from orders) as orders`,
  );
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
};

describe('seedDemo outside development', () => {
  let db: Db;
  let dataDir: string;
  beforeAll(async () => {
    db = await createTestDb();
    dataDir = await mkdtemp(path.join(tmpdir(), 'sf-seed-prod-'));
  });
  afterAll(async () => {
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('when seeding in production, then nothing is created: no accounts, no catalogue, no pictures', async () => {
    const result = await seedDemo(db, { dataDir, poolCache: TEST_CACHE_DIR, production: true });
    expect(result).toMatchObject({ seeded: false, reason: 'production' });
    expect(await counts(db)).toEqual({ categories: 0, products: 0, users: 0, reviews: 0, orders: 0 });
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('when production asks for the catalogue only, then categories and products are made but no account, review or order', async () => {
    const result = await seedDemo(db, { dataDir, poolCache: TEST_CACHE_DIR, production: true, catalogueOnly: true });
    expect(result.seeded).toBe(true);
    const c = await counts(db);
    expect(c.categories).toBe(12);
    expect(c.products).toBeGreaterThanOrEqual(60);
    expect([c.users, c.reviews, c.orders]).toEqual([0, 0, 0]);
    const { rows } = await db.query<{ n: number }>(
      'select count(*) as n from products where rating <> 0 or reviews_number <> 0 or sales <> 0',
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('when a user already exists (e.g. made by create-admin), then the demo seed adds nothing', async () => {
    await db.query('delete from products');
    await db.query('delete from categories');
    await db.query(`insert into users (name, last_name, email, password_hash, is_admin) values ('Ada', 'L', 'ada@example.com', 'x', true)`);
    const result = await seedDemo(db, { dataDir });
    expect(result).toMatchObject({ seeded: false, reason: 'not-empty' });
    expect(await counts(db)).toEqual({ categories: 0, products: 0, users: 1, reviews: 0, orders: 0 });
  });
});
