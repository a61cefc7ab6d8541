import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '#server/internal.ts';
import { backupEntries, verifyBackup } from '../../db/backup/read.ts';
import { readWhole } from '../../db/backup/tar.ts';
import { openDb } from '../../db/index.ts';
import { type StartTestApiOptions, type TestApi, TEST_INTERNAL_SECRET, startTestApi } from '../../testing/api-harness.ts';
import { createPgliteTestDir } from '../../testing/test-db.ts';
import { addProduct, body, customerWithProfile, post, type Shopper } from '../../testing/test-api.ts';
import { BACKUP_HEADER, BACKUP_PATH, signBackupCall } from './signature.ts';

const STOCK = 1000;
const CHECKOUTS = 50;

/** Rows of a table in a backup file. */
const rowsOf = async <R>(file: string, table: string): Promise<R[]> => {
  const manifest = await verifyBackup(file);
  for await (const entry of backupEntries(file, manifest)) {
    if (entry.name === `db/${table}.jsonl`) {
      return (await readWhole(entry))
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as R);
    }
  }
  return [];
};

/** The shop's API on `open`'s database (default: the test database), a folder for backups, five buyers. */
const shopWithBuyers = (open?: StartTestApiOptions['openDb']) => {
  const shop = {} as { t: TestApi; dir: string; buyers: Shopper[] };
  beforeAll(async () => {
    shop.t = await startTestApi({ attachments: [], config: { MAX_OPEN_ORDERS_PER_ACCOUNT: 1000 }, ...(open ? { openDb: open } : {}) });
    shop.dir = await mkdtemp(path.join(tmpdir(), 'statefront-backup-concurrent-'));
    shop.buyers = [];
    for (let i = 0; i < 5; i++) shop.buyers.push(await customerWithProfile(shop.t, { name: `Buyer${i}` }));
  }, 60_000);
  afterAll(async () => {
    await shop.t?.stop();
    if (shop.dir) await rm(shop.dir, { recursive: true, force: true });
  });
  return shop;
};

const backupCall = (t: TestApi, headers: Record<string, string> = {}) =>
  fetch(t.url + BACKUP_PATH, { headers: { [BACKUP_HEADER]: signBackupCall(TEST_INTERNAL_SECRET), ...headers } });

/** A backup over the signed endpoint while the other 40 of 50 checkouts are on their way or waiting: its stock and orders agree. */
const backupDuringCheckouts = async ({ t, dir, buyers }: { t: TestApi; dir: string; buyers: Shopper[] }) => {
  const products = [await addProduct(t, { priceCents: 1_000, count: STOCK }), await addProduct(t, { priceCents: 2_500, count: STOCK })];
  let answered = 0;
  let releaseBackup!: () => void;
  const tenAnswered = new Promise<void>((resolve) => (releaseBackup = resolve));
  const checkouts = Array.from({ length: CHECKOUTS }, async (_, i) => {
    const lines = [
      { productID: products[i % 2]!, quantity: 1 + (i % 3) },
      ...(i % 5 === 0 ? [{ productID: products[(i + 1) % 2]!, quantity: 2 }] : []),
    ];
    const res = await post(t, buyers[i % buyers.length]!.token, body(lines, i % 2 ? 'pp' : 'cod'));
    answered += 1;
    if (answered === 10) releaseBackup();
    return res.status;
  });
  // Taken while the other 40 are still on their way or in the queue.
  await tenAnswered;
  const file = path.join(dir, 'during.tar.gz');
  const res = await backupCall(t);
  expect(res.status).toBe(200);
  await pipeline(Readable.fromWeb(res.body as ReadableStream<Uint8Array>), createWriteStream(file));
  expect(await Promise.all(checkouts)).toEqual(Array(CHECKOUTS).fill(201));

  const stock = await rowsOf<{ id: string; count: number; sales: number }>(file, 'products');
  const orders = await rowsOf<{ is_cancelled: boolean; cart_items: Array<{ productID: string; quantity: number }> }>(file, 'orders');
  const events = await rowsOf<{ type: string }>(file, 'order_events');
  for (const id of products) {
    const held = orders
      .filter((o) => !o.is_cancelled)
      .flatMap((o) => o.cart_items)
      .filter((item) => item.productID === id)
      .reduce((sum, item) => sum + item.quantity, 0);
    const row = stock.find((p) => p.id === id)!;
    expect({ count: row.count, sales: row.sales }).toEqual({ count: STOCK - held, sales: held });
  }
  expect(events.filter((e) => e.type === 'created')).toHaveLength(orders.length);
  expect(orders.length).toBeGreaterThanOrEqual(10);
  return { orders: orders.length };
};

// On PostgreSQL (TEST_DATABASE_URL, a pool of 12) the checkouts really run beside the snapshot's
// REPEATABLE READ transaction; on the in-memory PGlite of the tests they wait in its queue while
// the snapshot reads.
describe('a backup beside concurrent checkouts', () => {
  const shop = shopWithBuyers();

  it(`when a backup is taken over the signed endpoint during ${CHECKOUTS} concurrent checkouts, then its stock and its orders agree`, async () => {
    await backupDuringCheckouts(shop);
  }, 60_000);

  it('when the backup call is unsigned, signed with another secret, or carries a proxy header, then it is a 404 like any unknown path', async () => {
    const { t } = shop;
    const answers = [
      await fetch(t.url + BACKUP_PATH),
      await fetch(t.url + BACKUP_PATH, { headers: { [BACKUP_HEADER]: signBackupCall('another-secret-that-is-long-enough-000000') } }),
      await fetch(t.url + BACKUP_PATH, { headers: { [BACKUP_HEADER]: signBackupCall(TEST_INTERNAL_SECRET, Date.now() - 5 * 60_000) } }),
      await backupCall(t, { 'x-forwarded-for': '203.0.113.9' }),
      await backupCall(t, { [CLIENT_HEADER]: '203.0.113.9' }),
      await fetch(`${t.url}${BACKUP_PATH}/`, { headers: { [BACKUP_HEADER]: signBackupCall(TEST_INTERNAL_SECRET) } }),
      await fetch(`${t.url}/INTERNAL/backup`, { headers: { [BACKUP_HEADER]: signBackupCall(TEST_INTERNAL_SECRET) } }),
    ];
    expect(answers.map((r) => r.status)).toEqual(Array(answers.length).fill(404));
  });
});

// As npm start runs it: the embedded database on disk, in a worker thread. The backup is
// PostgreSQL's base backup (api/db/backup/export.ts): the checkouts go on while its files are
// copied, and the copy reads as of pg_backup_stop.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a backup of the embedded database on disk beside concurrent checkouts (in the PGlite run)',
  () => {
    const shop = shopWithBuyers(async (dataDir) => {
      await createPgliteTestDir(dataDir);
      return openDb({ dataDir, thread: true });
    });

    it(`when a backup is taken during ${CHECKOUTS} concurrent checkouts, then its stock and its orders agree and its copy is gone`, async () => {
      await backupDuringCheckouts(shop);
      expect((await readdir(shop.t.config.DATA_DIR)).filter((name) => name.includes('backup-copy'))).toEqual([]);
    }, 60_000);
  },
);
