import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../app.ts';
import { testApiConfig } from '../../testing/api-harness.ts';
import { imageFileBytes } from '../../testing/image-bytes.ts';
import { createPgliteTestDb, emptyServerDb } from '../../testing/test-db.ts';
import { openDb } from '../index.ts';
import type { Db } from '../types.ts';
import { openPglite } from '../pglite.ts';
import { openPostgres } from '../postgres.ts';
import { SHOP_APPLICATION } from '../running.ts';
import { listFiles, sha256, takeSnapshot, writeBackup } from './export.ts';
import { FORMAT, FORMAT_VERSION, IMAGES_PREFIX, MANIFEST_NAME, type Manifest, tableFile } from './manifest.ts';
import { restoreBackup } from './restore.ts';
import { tarHeader, tarWriter } from './tar.ts';
import { MAX_ROW_BYTES } from './entry-rules.ts';
import { verifyBackup } from './read.ts';

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
  await writeFile(path.join(dataDir, 'images', `${name}.jpg`), imageFileBytes('jpg', name));
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

const ORPHAN = Buffer.from(
  '{"id": "00000000-0000-4000-8000-000000000001", "name": "Orphan", "description": "d", "price_cents": 1, "count": 1, "category": "Missing"}\n',
);
const CATEGORY = Buffer.from('{"name": "Hostile", "description": "d"}\n');

/** Writes `write`'s tar entries through gzip to `file`. */
const archive = async (file: string, write: (tar: ReturnType<typeof tarWriter>) => Promise<void>) => {
  const gzip = createGzip();
  const done = new Promise<void>((resolve) => gzip.pipe(createWriteStream(file)).once('finish', () => resolve()));
  const tar = tarWriter(gzip);
  await write(tar);
  await tar.end();
  gzip.end();
  await done;
  return file;
};

/** A backup made by hand, its manifest true to its entries (then `edit`ed): what a hostile file would be. */
const hostileBackup = async (name: string, entries: Array<[string, Buffer]>, edit: (m: Manifest) => void = () => undefined) => {
  const tables = entries.filter(([entry]) => entry.startsWith('db/'));
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    source: { kind: 'pglite', version: 'PostgreSQL 18' },
    schema: (await verifyBackup(good)).schema,
    tables: tables.map(([entry, data]) => ({
      name: entry.slice(3, -6),
      rows: data.toString().split('\n').filter(Boolean).length,
      file: entry,
    })),
    images: { files: entries.length - tables.length, bytes: 0 },
    entries: Object.fromEntries(entries.map(([entry, data]) => [entry, { bytes: data.length, sha256: sha256(data) }])),
  };
  edit(manifest);
  return archive(path.join(root, `${name}.tar.gz`), async (tar) => {
    for (const [entry, data] of entries) await tar.add(entry, data);
    await tar.add(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest)));
  });
};

/**
 * About 1 MB of file holding a 1 GB table file with no line break (and nothing after it): one
 * gzip member of the header, then the same compressed megabyte 1,024 times (gzip members chain).
 */
const gigabyteEntry = async () => {
  const file = path.join(root, 'gigabyte.tar.gz');
  const megabyte = gzipSync(Buffer.alloc(2 ** 20, 0x7b), { level: 9 });
  await writeFile(
    file,
    Buffer.concat([gzipSync(tarHeader(tableFile('products'), 2 ** 30, new Date())), ...Array<Buffer>(1024).fill(megabyte)]),
  );
  return file;
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
    const file = await hostileBackup('half', [[tableFile('products'), ORPHAN]]);
    await expectRefused(file, /violates/);
    expect((await readdir(target)).filter((n) => n.includes('restoring') || n.startsWith('replaced'))).toEqual([]);
  }, 60_000);

  it('when such a restore goes into a new folder, then the folder is gone again (no run/ left behind)', async () => {
    const file = await hostileBackup('half-new', [[tableFile('products'), ORPHAN]]);
    const fresh = path.join(root, 'never-made');
    await expect(restoreBackup({ file, target: { dataDir: fresh } })).rejects.toThrow(/violates/);
    expect(await listFiles(root).then((files) => files.filter((f) => f.startsWith('never-made')))).toEqual([]);
  }, 60_000);

  // Each refused by the dry run as by the restore, naming the entry, before anything is held whole.
  const hostile: Array<[string, () => Promise<string>, RegExp]> = [
    [
      'a page and a script under images/',
      () =>
        hostileBackup('pwn', [
          [IMAGES_PREFIX + 'pwn.html', Buffer.from('<script src="pwn.js"></script>')],
          [IMAGES_PREFIX + 'pwn.js', Buffer.from('fetch("/api/users/profile")')],
        ]),
      /images\/pwn\.html is refused: not a name the image pipeline writes/,
    ],
    [
      'a page named as an image',
      () => hostileBackup('pwn-png', [[IMAGES_PREFIX + 'pwn.png', Buffer.from('<html><script>alert(1)</script>')]]),
      /images\/pwn\.png is refused: not an image/,
    ],
    [
      'an entry larger than the manifest says',
      () => hostileBackup('bigger', [[tableFile('products'), ORPHAN]], (m) => void (m.entries[tableFile('products')]!.bytes -= 10)),
      /db\/products\.jsonl is \d+ bytes, its manifest says \d+/,
    ],
    ['a 1 GB entry in a 1 MB file', gigabyteEntry, /db\/products\.jsonl: row 1 is longer than 262144 bytes/],
    [
      'a row longer than any the shop writes',
      () => hostileBackup('long-row', [[tableFile('categories'), Buffer.from(`{"name": "${'x'.repeat(MAX_ROW_BYTES)}"}\n`)]]),
      /db\/categories\.jsonl: row 1 is longer than 262144 bytes/,
    ],
    [
      'row counts that disagree with the manifest',
      () => hostileBackup('counts', [[tableFile('products'), ORPHAN]], (m) => void (m.tables[0]!.rows = 2)),
      /db\/products\.jsonl holds 1 rows, its manifest says 2/,
    ],
    [
      "tables out of the manifest's order",
      () =>
        hostileBackup(
          'order',
          [
            [tableFile('categories'), CATEGORY],
            [tableFile('products'), ORPHAN],
          ],
          (m) => void m.tables.reverse(),
        ),
      /db\/categories\.jsonl is not where the manifest lists its tables/,
    ],
  ];
  it(`when a backup holds ${hostile.map(([what]) => what).join('; or ')}: then --dry-run and the restore both refuse it, naming the entry, and the target is untouched`, async () => {
    const before = await fingerprint(target);
    for (const [what, make, message] of hostile) {
      const file = await make();
      await expect(restoreBackup({ file, target: { dataDir: target }, dryRun: true }), what).rejects.toThrow(message);
      await expect(restoreBackup({ file, target: { dataDir: target }, replace: true }), what).rejects.toThrow(message);
    }
    expect(await fingerprint(target)).toEqual(before);
  });

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
        expect(await readFile(path.join(dataDir, 'images', 'Kept.jpg'))).toEqual(imageFileBytes('jpg', 'Kept'));
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
