import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../../app.ts';
import { sessionCallHeaders, testApiConfig } from '../../testing/api-harness.ts';
import { TEST_CACHE_DIR } from '../../testing/cache-dir.ts';
import { insertChatRows } from '../../testing/chat-fixtures.ts';
import { imageFileBytes } from '../../testing/image-bytes.ts';
import { createPgliteTestDb, emptyServerDb } from '../../testing/test-db.ts';
import { migrate, migrationNames } from '../migrate.ts';
import { openPglite } from '../pglite.ts';
import { openPostgres } from '../postgres.ts';
import { seedDemo } from '../seed/index.ts';
import type { Db } from '../types.ts';
import { listFiles, sha256, takeSnapshot, writeBackup } from './export.ts';
import { type RestoreTarget, restoreBackup } from './restore.ts';
import { openToOthers } from '../../testing/open-to-others.ts';
import { OLD_ORDERS, OLDER, oldOrdersNow, olderShop } from '../../testing/older-shop.ts';

const dirs: string[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(path.join(tmpdir(), `statefront-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * A seeded shop history: the demo seed under a given PRNG seed (registrations, orders paid by
 * wallet and cash on delivery, payments, cancels, expiries, deliveries, reviews, pictures), then
 * a category edit and an upload with its kept original.
 */
const makeHistory = async (db: Db, dataDir: string, seed: number) => {
  // The photos copied from the tier's cache (the same files), not processed again: about 15 CPU s each history.
  await seedDemo(db, { dataDir, seed, now: new Date('2026-11-20T12:00:00Z'), poolCache: TEST_CACHE_DIR });
  await db.query(`update categories set description = description || ' (edited)' where name = (select min(name) from categories)`);
  await insertChatRows(db, seed);
  await db.query(
    `insert into problem_reports (address_key, text, path, build, viewport, browser, events) values ('\\x01', 'It broke', '/cart', 'b-1', '{"width":390,"height":844}', '{"name":"Chrome","version":"131"}', '[{"actor":"cart","event":{"type":"xstate.init"}}]')`,
  );
  // Where the image pipeline keeps them (api/components/images/storage.ts): the master under `.masters/`.
  await mkdir(path.join(dataDir, 'images', '.masters', 'uploads'), { recursive: true });
  await mkdir(path.join(dataDir, 'images', 'uploads'), { recursive: true });
  await writeFile(path.join(dataDir, 'images', 'uploads', `u-${seed}.webp`), imageFileBytes('webp', `webp ${seed}`));
  await writeFile(path.join(dataDir, 'images', '.masters', 'uploads', `u-${seed}.webp`), imageFileBytes('jpg', `original ${seed}`));
};

/**
 * Every table's row count and content hash (the export's own per-table checksum). The catalogue's
 * versions (decision 011's ETags) move on at a restore, so for them only which scopes have one is compared.
 */
const tableHashes = async (db: Db) => {
  const snapshot = await takeSnapshot(db);
  const scopes = (data: Buffer) =>
    data
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { scope: string }).scope)
      .sort();
  // A backup that left a table out would compare equal on it: every table with rows is named.
  expect(snapshot.tables.map((t) => t.name)).toEqual(expect.arrayContaining(['chat_owners', 'chat_conversations', 'chat_messages']));
  return {
    migrations: snapshot.migrations,
    tables: Object.fromEntries(
      snapshot.tables.map((t) => [t.name, { rows: t.rows, sha256: t.name === 'catalogue_versions' ? scopes(t.data) : sha256(t.data) }]),
    ),
  };
};

const versions = async (db: Db) =>
  (await db.query<{ version: string }>('select version from catalogue_versions')).rows.map((r) => Number(r.version));

/** The app alone on a loopback port, without start(): no expiry sweep changes the rows while we compare. */
const serveApp = async (db: Db, dataDir: string) => {
  const api = createApi({ db, config: testApiConfig(dataDir), attachments: [] });
  const server = http.createServer(api.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

/** The shop's answers to list, details, order, user and analytics calls, asked as the demo admin. */
const shopAnswers = async (db: Db, dataDir: string) => {
  const { base, close } = await serveApp(db, dataDir);
  try {
    const login = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sessionCallHeaders() },
      body: JSON.stringify({ email: 'admin@admin.com', password: 'admin@admin.com' }),
    });
    const { token } = (await login.json()) as { token: string };
    const get = async (p: string) => {
      const res = await fetch(base + p, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const { rows } = await db.query<{ id: string; user_id: string }>(
      `select p.id, (select user_id from orders where user_id is not null order by created_at, id limit 1) as user_id from products p order by p.id limit 1`,
    );
    const calls = [
      '/api/products?page=1',
      '/api/products?sort=price_asc&page=2',
      '/api/products/bestsellers',
      `/api/products/get-one/${rows[0]!.id}`,
      '/api/categories',
      '/api/orders/admin',
      `/api/orders/user/${rows[0]!.user_id}`,
      '/api/users',
      '/api/orders/analysis/2026-11-19',
      '/api/orders/analysis/2026-11-19?bucket=hour',
    ];
    const answers: Record<string, unknown> = {};
    for (const call of calls) answers[call] = await get(call);
    return answers;
  } finally {
    await close();
  }
};

const imagesOf = async (dataDir: string) => {
  const dir = path.join(dataDir, 'images');
  // The demo seed's note of its photo pool is not an image: a backup leaves it out.
  const files = (await listFiles(dir)).filter((f) => !f.startsWith('.demo-pool-'));
  return Object.fromEntries(await Promise.all(files.map(async (f) => [f, (await readFile(path.join(dir, f))).toString('base64')])));
};

const backupTo = async (db: Db, dataDir: string): Promise<string> => {
  const file = path.join(await tempDir('backup-file'), 'shop.tar.gz');
  await writeBackup(createWriteStream(file), { db, dataDir });
  return file;
};

type Side = { db: Db; dataDir: string };

/** Source → backup → restore → the same tables, images and answers. */
const expectSameShop = async (target: Side, before: { hashes: unknown; answers: unknown; images: unknown; versions: number[] }) => {
  expect(await tableHashes(target.db)).toEqual(before.hashes);
  // An ETag the source handed out, before or after the backup, never names other content here.
  expect(Math.min(...(await versions(target.db)))).toBeGreaterThan(Math.max(...before.versions));
  expect(await imagesOf(target.dataDir)).toEqual(before.images);
  expect(await shopAnswers(target.db, target.dataDir)).toEqual(before.answers);
};

/** The source as backed up: its tables then (the answers log the admin in, a new session row), its images, its answers. */
const describeSource = async (source: Side) => {
  const hashes = await tableHashes(source.db);
  return {
    hashes,
    versions: await versions(source.db),
    images: await imagesOf(source.dataDir),
    answers: await shopAnswers(source.db, source.dataDir),
  };
};

/** Backs `source` up, restores the file into `target`, opens it with `open` and expects the same shop. */
const roundTrip = async (source: Side, target: RestoreTarget, open: () => Promise<Db>) => {
  const file = await backupTo(source.db, source.dataDir);
  const before = await describeSource(source);
  const result = await restoreBackup({ file, target });
  expect(result.restored).toBe(true);
  const restored = await open();
  try {
    await expectSameShop({ db: restored, dataDir: target.dataDir }, before);
  } finally {
    await restored.close();
  }
};

// The PostgreSQL run (TEST_DATABASE_URL) does the two cross-database trips below instead.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore on the embedded database (in the PGlite run)', () => {
  it('when a seeded history is backed up and restored into a new DATA_DIR, then every table, image and answer is the same, and only its images are open to other users', async () => {
    const source: Side = { db: await createPgliteTestDb(), dataDir: await tempDir('source') };
    try {
      await makeHistory(source.db, source.dataDir, 11);
      const targetDir = await tempDir('target');
      await roundTrip(source, { dataDir: targetDir }, () => openPglite(path.join(targetDir, 'pglite')));
      // The restored database is the owner's alone; its images stay readable for the cluster's nginx.
      expect(await openToOthers(targetDir)).toEqual([]);
    } finally {
      await source.db.close();
    }
  }, 60_000);
});

const adminUrl = process.env.TEST_DATABASE_URL;
// Three minutes each: CI runs them on a loaded machine, beside the browser tier (.ci/run).

describe.skipIf(!adminUrl)('backup and restore across databases (needs a PostgreSQL server: TEST_DATABASE_URL)', () => {
  it('when an embedded shop is backed up and restored into PostgreSQL, then every table, image and answer is the same', async () => {
    const source: Side = { db: await createPgliteTestDb(), dataDir: await tempDir('source') };
    const server = await emptyServerDb(adminUrl!);
    try {
      await makeHistory(source.db, source.dataDir, 7);
      await roundTrip(source, { dataDir: await tempDir('target'), databaseUrl: server.url }, () => openPostgres(server.url, 2));
    } finally {
      await source.db.close();
      await server.drop();
    }
  }, 180_000);

  it('when a PostgreSQL shop is backed up and restored into the embedded database, then every table, image and answer is the same', async () => {
    const server = await emptyServerDb(adminUrl!);
    const db = await openPostgres(server.url, 2);
    try {
      await migrate(db);
      const source: Side = { db, dataDir: await tempDir('source') };
      await makeHistory(db, source.dataDir, 13);
      const targetDir = await tempDir('target');
      await roundTrip(source, { dataDir: targetDir }, () => openPglite(path.join(targetDir, 'pglite')));
    } finally {
      await db.close();
      await server.drop();
    }
  }, 180_000);
});

/**
 * Backs an older shop up, restores it into `target` and expects the newer migrations applied
 * after the load, its rows and picture there, and a shop that works on them: its list, details
 * and categories answer, and a change of a product moves the list's ETag (migration 013's
 * triggers, made after the load, work on the loaded rows); a cash order delivered before
 * migration 021 is paid at its delivery, and no other order's payment changes.
 */
const restoreOlder = async (target: RestoreTarget, open: () => Promise<Db>) => {
  const sourceDir = await tempDir('older-source');
  const source = await olderShop(sourceDir);
  const file = await backupTo(source, sourceDir).finally(() => source.close());
  const result = await restoreBackup({ file, target });
  expect(result.manifest.schema.version).toBe(OLDER);
  expect(result.migrated).toEqual((await migrationNames()).filter((name) => name > OLDER));
  expect(result.migrated.length).toBeGreaterThan(0);
  expect(await readFile(path.join(target.dataDir, 'images', 'atlas.webp'))).toEqual(imageFileBytes('webp', 'atlas'));
  const db = await open();
  const { base, close } = await serveApp(db, target.dataDir);
  try {
    const { rows: applied } = await db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(applied.map((r) => r.name)).toEqual(await migrationNames());
    const list = await fetch(`${base}/api/products`);
    expect(list.status).toBe(200);
    const listed = JSON.stringify(await list.json());
    expect(listed).toContain('Old World Atlas');
    expect(listed).toContain('Sea Charts');
    const { rows } = await db.query<{ id: string }>(`select id from products where name = 'Old World Atlas'`);
    expect((await fetch(`${base}/api/products/get-one/${rows[0]!.id}`)).status).toBe(200);
    expect(JSON.stringify(await (await fetch(`${base}/api/categories`)).json())).toContain('Atlases');
    await db.query(`update products set price_cents = 2600 where id = $1`, [rows[0]!.id]);
    const again = await fetch(`${base}/api/products`);
    expect(again.headers.get('etag')).toBeTruthy();
    expect(again.headers.get('etag')).not.toBe(list.headers.get('etag'));
    expect(await oldOrdersNow(db)).toEqual({
      // migration 021: the courier took the cash, so the order was paid when it was delivered
      [OLD_ORDERS.deliveredCash]: {
        paidAt: '2026-01-03T10:00:00.000Z',
        paidEvent: { at: '2026-01-03T10:00:00.000Z', data: { cash: true } },
      },
      [OLD_ORDERS.waitingCash]: { paidAt: null, paidEvent: null },
      [OLD_ORDERS.paidWallet]: { paidAt: '2026-01-02T10:00:00.000Z', paidEvent: { at: '2026-01-02T10:00:00.000Z', data: {} } },
    });
  } finally {
    await close();
    await db.close();
  }
};

describe('an older backup', () => {
  it.skipIf(Boolean(adminUrl))(
    'when a backup taken at an older schema is restored into the embedded database, then the newer migrations run after the load (a cash order delivered before 021 is recorded paid at its delivery) and the shop works on its rows',
    async () => {
      const targetDir = await tempDir('older-target');
      await restoreOlder({ dataDir: targetDir }, () => openPglite(path.join(targetDir, 'pglite')));
    },
    60_000,
  );

  it.skipIf(!adminUrl)(
    'when a backup taken at an older schema is restored into PostgreSQL, then the newer migrations run after the load (a cash order delivered before 021 is recorded paid at its delivery) and the shop works on its rows',
    async () => {
      const server = await emptyServerDb(adminUrl!);
      try {
        await restoreOlder({ dataDir: await tempDir('older-target'), databaseUrl: server.url }, () => openPostgres(server.url, 2));
      } finally {
        await server.drop();
      }
    },
    120_000,
  );
});
