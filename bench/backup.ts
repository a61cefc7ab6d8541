/**
 * Backup and restore at a large size, on the embedded database and on a
 * PostgreSQL server: the backup's time and file size, how long the snapshot held the database
 * (on PGlite, the longest a write waited), the restore's time into a new DATA_DIR / database,
 * the restore's peak memory in a process of its own (restore-memory.ts; goal under 400 MB), and
 * the product list's p99 before and during the backup (goal: at most 3× before, no request
 * refused). Prints its figures with their goals; npm run bench runs it.
 * Run: npx tsx bench/backup.ts [--products 100000] [--orders 100000] [--embedded-only]
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createApi } from '../api/app.ts';
import { loadApiConfig } from '../api/config.ts';
import { writeBackup } from '../api/db/backup/export.ts';
import { openDb, type Db } from '../api/db/index.ts';
import { seedLarge } from '../api/db/seed/large.ts';
import { measureRestore } from './restore-memory.ts';
import { atMost, type Figure, isEntry, percentile, printFigures } from './support/figures.ts';
import { startPostgres } from './support/postgres.ts';
import { removeDir, tempDir } from './support/processes.ts';

/** `embeddedOnly`: skip the PostgreSQL half (the bench's longer half, for a quicker run). */
export type BackupBenchOptions = { products: number; orders: number; embeddedOnly?: boolean };

/** Product-list calls from 4 loops until `until` settles; their times and how many were not 200. */
const listLoad = async (url: string, until: Promise<unknown>) => {
  const times: number[] = [];
  let refused = 0;
  let done = false;
  void until.finally(() => (done = true));
  const loop = async (i: number) => {
    while (!done) {
      const t = performance.now();
      const res = await fetch(`${url}/api/products?pageNum=${1 + (i % 3)}`);
      await res.arrayBuffer();
      times.push(performance.now() - t);
      if (res.status !== 200) refused += 1;
    }
  };
  await Promise.all([0, 1, 2, 3].map(loop));
  return { p99: percentile(times, 99), max: Math.max(...times), calls: times.length, refused };
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const measure = async (
  kind: string,
  db: Db,
  dataDir: string,
  restoreTarget: { dataDir: string; databaseUrl?: string },
  o: BackupBenchOptions,
) => {
  console.log(`${kind}: seeding ${o.products} products and ${o.orders} orders …`);
  await seedLarge(db, { products: o.products, orders: o.orders, dataDir, onProgress: (m) => console.log(`  ${m}`) });
  const config = await loadApiConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'none' });
  const api = createApi({ db, config, attachments: [] });
  const { url } = await api.start(0, '127.0.0.1');
  try {
    // A first pass warms the list's caches and plans: the reference is the shop as it runs, not as it starts.
    await listLoad(url, new Promise((resolve) => setTimeout(resolve, 3000)));
    const before = await listLoad(url, new Promise((resolve) => setTimeout(resolve, 5000)));
    const file = path.join(dataDir, 'bench.tar.gz');
    const started = performance.now();
    const backup = writeBackup(createWriteStream(file), { db, dataDir });
    const during = await listLoad(url, backup);
    const { manifest, heldMs } = await backup;
    const backupMs = performance.now() - started;
    const bytes = (await stat(file)).size;
    const restore = await measureRestore(file, restoreTarget);
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    const size = `${o.products.toLocaleString('en')} products, ${o.orders.toLocaleString('en')} orders`;
    const f = (figure: string, goal: string, value: string, verdict: Figure['verdict'] = 'ref'): Figure => ({
      bench: 'backup',
      figure: `${kind}: ${figure}`,
      goal,
      value,
      verdict,
    });
    return [
      f(`backup (${size}, ${rows} rows)`, 'reference', seconds(backupMs)),
      f(
        'snapshot held the database',
        kind === 'embedded' ? 'the shop waits this long at most (backup start or stop)' : 'writes go on beside it',
        seconds(heldMs),
      ),
      f('file size', 'reference', `${(bytes / 1024 / 1024).toFixed(1)} MB`),
      f('restore into a new target', 'reference', seconds(restore.ms)),
      f('restore: peak memory (a process of its own)', '< 400 MB', `${restore.peakRssMb} MB`, atMost(restore.peakRssMb, 399)),
      f('product list p99 before', 'reference', `${before.p99.toFixed(0)} ms`),
      f(
        'product list p99 during the backup',
        `≤ 3× before (${(3 * before.p99).toFixed(0)} ms)`,
        `${during.p99.toFixed(0)} ms`,
        atMost(during.p99, 3 * before.p99),
      ),
      // Four loops: one wait of the whole shop delays four calls only, too few for the p99 to show it.
      f(
        'product list slowest call before / during',
        'reference (the longest wait)',
        `${before.max.toFixed(0)} / ${during.max.toFixed(0)} ms`,
      ),
      f('list calls refused during the backup', '0', `${during.refused} of ${during.calls}`, during.refused === 0 ? 'pass' : 'miss'),
    ];
  } finally {
    await api.stop();
  }
};

export const backupBench = async (o: BackupBenchOptions = { products: 100_000, orders: 100_000 }): Promise<Figure[]> => {
  const figures: Figure[] = [];
  const embedded = await tempDir('backup-embedded');
  const restored = await tempDir('backup-restored');
  try {
    const db = await openDb({ dataDir: embedded, thread: true });
    try {
      figures.push(...(await measure('embedded', db, embedded, { dataDir: restored }, o)));
    } finally {
      await db.close();
    }
  } finally {
    await removeDir(embedded);
    await removeDir(restored);
  }
  if (o.embeddedOnly) return figures;
  const server = await startPostgres();
  const dataDir = await tempDir('backup-pg');
  const imagesRestored = await tempDir('backup-pg-restored');
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('create database shop');
    await admin.query('create database restored');
    await admin.end();
    const db = await openDb({ dataDir, databaseUrl: server.url.replace(/\/postgres$/, '/shop') });
    try {
      const target = { dataDir: imagesRestored, databaseUrl: server.url.replace(/\/postgres$/, '/restored') };
      figures.push(...(await measure('PostgreSQL', db, dataDir, target, o)));
    } finally {
      await db.close();
    }
  } finally {
    await server.stop();
    await removeDir(dataDir);
    await removeDir(imagesRestored);
  }
  return figures;
};

if (isEntry(import.meta.url)) {
  const { values } = parseArgs({
    options: { products: { type: 'string' }, orders: { type: 'string' }, 'embedded-only': { type: 'boolean', default: false } },
  });
  const figures = await backupBench({
    products: Number(values.products ?? 100_000),
    orders: Number(values.orders ?? 100_000),
    embeddedOnly: values['embedded-only'],
  });
  printFigures(figures);
}
