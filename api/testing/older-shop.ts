import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect } from 'vitest';
import { imageFileBytes } from './image-bytes.ts';
import { migrate } from '../db/migrate.ts';
import { fromPglite } from '../db/pglite.ts';
import type { Db } from '../db/types.ts';

/** The schema an older Statefront left: migrated up to here, before the catalogue's versions (013, 014). */
export const OLDER = '012-admin-products-newest.sql';

/**
 * Orders an older Statefront kept, before a cash-on-delivery order was paid on delivery
 * (migration 021): one delivered and never recorded paid, one still on its way, one paid by wallet.
 */
export const OLD_ORDERS = { deliveredCash: 'cod-delivered', waitingCash: 'cod-waiting', paidWallet: 'pp-paid' } as const;
const insertOldOrder = async (db: Db, key: string, method: 'pp' | 'cod', paidAt: string | null, deliveredAt: string | null) => {
  const { rows } = await db.query<{ id: string }>(
    `insert into orders (user_snapshot, items_count, subtotal_cents, cart_items, payment_method, is_paid, paid_at, is_delivered, delivered_at, idempotency_key)
     values ('{}', 1, 2500, '[]', $1, $2::timestamptz is not null, $2, $3::timestamptz is not null, $3, $4) returning id`,
    [method, paidAt, deliveredAt, key],
  );
  const events: Array<[string, string | null]> = [
    ['created', '2026-01-01T10:00:00Z'],
    ['paid', paidAt],
    ['delivered', deliveredAt],
  ];
  for (const [type, at] of events)
    if (at) await db.query('insert into order_events (order_id, type, at) values ($1, $2, $3)', [rows[0]!.id, type, at]);
};

/** A shop whose database an older Statefront made (migrated up to OLDER): a category, two products, a picture, three orders. */
export const olderShop = async (dataDir: string): Promise<Db> => {
  const db = fromPglite(await PGlite.create());
  await migrate(db, OLDER);
  await db.query(`insert into categories (name, description) values ('Atlases', 'Maps bound in books')`);
  await db.query(
    `insert into products (name, description, price_cents, count, category) values
       ('Old World Atlas', 'Maps of 1990', 2500, 3, 'Atlases'), ('Sea Charts', 'Coasts and depths', 1200, 5, 'Atlases')`,
  );
  await insertOldOrder(db, OLD_ORDERS.deliveredCash, 'cod', null, '2026-01-03T10:00:00Z');
  await insertOldOrder(db, OLD_ORDERS.waitingCash, 'cod', null, null);
  await insertOldOrder(db, OLD_ORDERS.paidWallet, 'pp', '2026-01-02T10:00:00Z', '2026-01-04T10:00:00Z');
  await mkdir(path.join(dataDir, 'images'), { recursive: true });
  await writeFile(path.join(dataDir, 'images', 'atlas.webp'), imageFileBytes('webp', 'atlas'));
  return db;
};

/** Each old order's payment as the restored shop has it: the row's time and its 'paid' event. */
export const oldOrdersNow = async (db: Db) => {
  const { rows } = await db.query<{ key: string; is_paid: boolean; paid_at: Date | null; at: Date | null; data: unknown }>(
    `select o.idempotency_key as key, o.is_paid, o.paid_at, e.at, e.data
       from orders o left join order_events e on e.order_id = o.id and e.type = 'paid' where o.idempotency_key is not null`,
  );
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return Object.fromEntries(
    rows.map((r) => {
      expect(r.is_paid, r.key).toBe(r.paid_at !== null);
      return [r.key, { paidAt: iso(r.paid_at), paidEvent: r.at ? { at: iso(r.at), data: r.data } : null }];
    }),
  );
};
