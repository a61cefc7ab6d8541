import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../app.ts';
import { testApiConfig } from '../../testing/api-harness.ts';
import { createPgliteTestDb, emptyServerDb } from '../../testing/test-db.ts';
import { openDb } from '../index.ts';
import type { Db } from '../types.ts';
import { openPglite } from '../pglite.ts';
import { openPostgres } from '../postgres.ts';
import { SHOP_APPLICATION } from '../running.ts';
import { listFiles, sha256, takeSnapshot, writeBackup } from './export.ts';
import { FORMAT, FORMAT_VERSION, MANIFEST_NAME, type Manifest, tableFile } from './manifest.ts';
import { restoreBackup } from './restore.ts';
import { tarWriter } from './tar.ts';

let root: string;
let good: string;
let target: string;

/** The target's rows (the export's checksum of each table), its images, and what lies beside them: equal before and after means untouched. */
const fingerprint = async (dir: string) => {
  const db = await openPglite(path.join(dir, 'pglite'));
  try {
    const snapshot = await takeSnapshot(db);
    const images = await listFiles(path.join(dir, 'images'));
    const contents = await Promise.all(images.map(async (f) => sha256(await readFile(path.join(dir, 'images', f)))));
    return {
      tables: snapshot.tables.map((t) => `${t.name} ${t.rows} ${sha256(t.data)}`),
      images: contents,
      beside: (await readdir(dir)).sort(),
    };
  } finally {
    await db.close();
  }
};

/** A small shop: one category and one picture. */
const smallShop = async (db: Db, dataDir: string, name: string) => {
  await db.query(`insert into categories (name, description) values ($1, 'a category')`, [name]);
  await mkdir(path.join(dataDir, 'images'), { recursive: true });
  await writeFile(path.join(dataDir, 'images', `${name}.jpg`), Buffer.from(name));
};

const backupOf = async (db: Db, dataDir: string, file: string) => {
  await writeBackup(createWriteStream(file), { db, dataDir });
  return file;
};

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) return;
  root = await mkdtemp(path.join(tmpdir(), 'statefront-refusals-'));
  const db = await createPgliteTestDb();
  try {
    await smallShop(db, path.join(root, 'source'), 'Kept');
    good = await backupOf(db, path.join(root, 'source'), path.join(root, 'good.tar.gz'));
  } finally {
    await db.close();
  }
  // The target: a shop made by restoring the good backup, which every refusal must leave as it is.
  target = path.join(root, 'target');
  await restoreBackup({ file: good, target: { dataDir: target } });
}, 60_000);
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const expectRefused = async (file: string, message: RegExp, replace = true) => {
  const before = await fingerprint(target);
  await expect(restoreBackup({ file, target: { dataDir: target }, replace })).rejects.toThrow(message);
  expect(await fingerprint(target)).toEqual(before);
};

// Embedded targets only, the same in both CI runs: the PostgreSQL run (TEST_DATABASE_URL) leaves it to the PGlite run.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('restore refusals (embedded target; in the PGlite run)', () => {
  it('when a byte of the file is changed, then the restore refuses it as damaged and the target is untouched', async () => {
    const bytes = await readFile(good);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const file = path.join(root, 'corrupted.tar.gz');
    await writeFile(file, bytes);
    await expectRefused(file, /damaged|does not match/);
  });

  it('when the file is cut short, then the restore refuses it as incomplete and the target is untouched', async () => {
    const bytes = await readFile(good);
    const file = path.join(root, 'truncated.tar.gz');
    await writeFile(file, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    await expectRefused(file, /damaged or incomplete/);
  });

  it('when the backup was taken at a schema this code does not know, then the restore refuses it as newer than the code', async () => {
    const db = await createPgliteTestDb();
    try {
      await db.query(`insert into schema_migrations (name) values ('999-from-the-future.sql')`);
      const file = await backupOf(db, path.join(root, 'future'), path.join(root, 'future.tar.gz'));
      await expectRefused(file, /newer than the code.*999-from-the-future\.sql/);
    } finally {
      await db.close();
    }
  });

  it('when the target holds a shop and --replace is not given, then the restore refuses and says how to replace it', async () => {
    await expectRefused(good, /already holds a shop\. Add --replace/, false);
  });

  it('when a shop has the target open, then the restore refuses and names its process', async () => {
    const shop = await openDb({ dataDir: target });
    try {
      await expect(restoreBackup({ file: good, target: { dataDir: target }, replace: true })).rejects.toThrow(
        new RegExp(`open in process ${process.pid}`),
      );
    } finally {
      await shop.close();
    }
  }, 30_000);

  it('when the rows cannot be loaded half-way through, then the target is as it was and nothing is left beside it', async () => {
    // Checksums hold, but a product names a category that is not there: the load fails inside.
    const rows = Buffer.from(
      '{"id": "00000000-0000-4000-8000-000000000001", "name": "Orphan", "description": "d", "price_cents": 1, "count": 1, "category": "Missing"}\n',
    );
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      source: { kind: 'pglite', version: 'PostgreSQL 18' },
      schema: (await restoreBackup({ file: good, target: { dataDir: target }, dryRun: true })).manifest.schema,
      tables: [{ name: 'products', rows: 1, file: tableFile('products') }],
      images: { files: 0, bytes: 0 },
      entries: { [tableFile('products')]: { bytes: rows.length, sha256: sha256(rows) } },
    };
    const file = path.join(root, 'half.tar.gz');
    const gzip = createGzip();
    const done = new Promise<void>((resolve) => gzip.pipe(createWriteStream(file)).once('finish', () => resolve()));
    const tar = tarWriter(gzip);
    await tar.add(tableFile('products'), rows);
    await tar.add(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest)));
    await tar.end();
    gzip.end();
    await done;
    await expectRefused(file, /violates/);
    expect((await readdir(target)).filter((n) => n.includes('restoring') || n.startsWith('replaced'))).toEqual([]);
  }, 60_000);

  it('when --dry-run is given, then the file is checked and its manifest returned, and nothing is restored', async () => {
    const before = await fingerprint(target);
    const result = await restoreBackup({ file: good, target: { dataDir: target }, dryRun: true });
    expect(result.restored).toBe(false);
    expect(result.manifest.tables.find((t) => t.name === 'categories')?.rows).toBe(1);
    expect(result.manifest.images).toMatchObject({ files: 1 });
    expect(await fingerprint(target)).toEqual(before);
    expect(await listFiles(path.join(target, 'images'))).toEqual(['Kept.jpg']);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

/** Until no connection of the shop's name is left on the database (the server ends a closed one a moment later). */
const shopConnectionsGone = async (url: string) => {
  const client = new pg.Client({ connectionString: url, application_name: 'statefront-test' });
  await client.connect();
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await client.query(`select 1 from pg_stat_activity where datname = current_database() and application_name = $1`, [
        SHOP_APPLICATION,
      ]);
      if (!rows.length) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
};

describe.skipIf(!adminUrl)('restore refusals (PostgreSQL target; in the PostgreSQL run)', () => {
  it('when a shop runs on the target database, then the restore refuses and names it, the target is untouched, and once it stops the restore goes through', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'statefront-refusals-pg-'));
    const server = await emptyServerDb(adminUrl!);
    try {
      const source = await createPgliteTestDb();
      const file = await smallShop(source, path.join(dir, 'source'), 'Kept')
        .then(() => backupOf(source, path.join(dir, 'source'), path.join(dir, 'good.tar.gz')))
        .finally(() => source.close());
      const dataDir = path.join(dir, 'target');
      await restoreBackup({ file, target: { dataDir, databaseUrl: server.url } });
      // The shop, as npm start runs it on DATABASE_URL: its API holds the running mark while it runs.
      const db = await openPostgres(server.url, 2);
      const api = createApi({ db, config: testApiConfig(dataDir, { DATABASE_URL: server.url }), attachments: [] });
      await api.start(0, '127.0.0.1');
      const look = await openPostgres(server.url, 1, 'statefront-test');
      const before = await takeSnapshot(look).then((s) => s.tables.map((t) => `${t.name} ${t.rows} ${sha256(t.data)}`));
      try {
        await expect(restoreBackup({ file, target: { dataDir, databaseUrl: server.url }, replace: true })).rejects.toThrow(
          /A shop is running on this database \(1 running instance.*stop it first\. Nothing was restored\./,
        );
        expect(await takeSnapshot(look).then((s) => s.tables.map((t) => `${t.name} ${t.rows} ${sha256(t.data)}`))).toEqual(before);
        expect(await readdir(dataDir)).toEqual(['images']);
        expect(await readFile(path.join(dataDir, 'images', 'Kept.jpg'), 'utf8')).toBe('Kept');
      } finally {
        await api.stop();
        await db.close();
      }
      await shopConnectionsGone(server.url);
      await look.close();
      expect((await restoreBackup({ file, target: { dataDir, databaseUrl: server.url }, replace: true })).restored).toBe(true);
    } finally {
      await server.drop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
