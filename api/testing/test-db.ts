import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import { migrate } from '../db/migrate.ts';
import { fromPglite } from '../db/pglite.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Db } from '../db/types.ts';

import { TEST_CACHE_DIR } from './cache-dir.ts';

export { TEST_CACHE_DIR };
const cacheDir = TEST_CACHE_DIR;
const migrationsDir = fileURLToPath(new URL('../db/migrations/', import.meta.url));

/** A key that changes whenever a migration does, so a stale template is never reused. */
const migrationsKey = async (): Promise<string> => {
  const hash = createHash('sha256');
  for (const file of (await readdir(migrationsDir)).sort()) hash.update(file).update(await readFile(migrationsDir + file));
  return hash.digest('hex').slice(0, 16);
};

/** A migrated, empty PGlite data directory dumped once and loaded by every test file (~1 s, not ~5). */
const pgliteTemplate = async (): Promise<Blob> => {
  const file = `${cacheDir}pglite-${await migrationsKey()}.tar.gz`;
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const pglite = await PGlite.create();
    await migrate(fromPglite(pglite));
    const dump = await pglite.dumpDataDir('gzip');
    await pglite.close();
    await mkdir(cacheDir, { recursive: true });
    const tmp = `${file}.${randomUUID()}`;
    await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await import('node:fs/promises').then((fs) => fs.rename(tmp, file));
    return dump;
  }
};

/**
 * The name of a migrated, empty PostgreSQL database on the test server that every test file
 * copies (`create database … template …`, ~50 ms, not a migration run per file). Named after the
 * migrations, so a changed migration makes a new one; made once under an advisory lock, since
 * several vitest workers ask at the same moment. Nobody stays connected to it: PostgreSQL copies
 * only a template no session is using.
 */
const postgresTemplate = async (admin: pg.Client, adminUrl: string): Promise<string> => {
  const name = `sf_template_${await migrationsKey()}`;
  await admin.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.testTemplate]);
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const db = await openPostgres(url.toString(), 1);
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    // Renamed only when whole: a run that died half-way never leaves a half-migrated template.
    await admin.query(`alter database ${building} rename to ${name}`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.testTemplate]);
  }
};

/** The URL of each PostgreSQL test database, so a second instance can open a pool of its own. */
const urls = new WeakMap<Db, string>();

/**
 * Another connection to a test database, as a second API process would hold: its own pool on
 * PostgreSQL; on PGlite (one connection in this process) the same one, which it must not close.
 */
export const connectAgain = async (db: Db): Promise<Db> => {
  const url = urls.get(db);
  return url ? openPostgres(url, 12) : { ...db, close: async () => undefined };
};

/** A fresh, migrated, empty in-memory PGlite whatever TEST_DATABASE_URL says (the embedded side of a cross-database test). */
export const createPgliteTestDb = async (): Promise<Db> => {
  const pglite = await PGlite.create({ loadDataDir: await pgliteTemplate() });
  const db = fromPglite(pglite);
  await migrate(db);
  return db;
};

/**
 * A migrated, empty embedded database on disk in `dataDir` (its `pglite` folder, as openDb
 * makes it), loaded from the template rather than migrated; open it with openDb.
 */
export const createPgliteTestDir = async (dataDir: string): Promise<void> => {
  await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: await pgliteTemplate() });
  await pglite.close();
};

/**
 * A fresh, migrated, empty database for one test file, copied from a template migrated once.
 * With TEST_DATABASE_URL (a PostgreSQL server's admin URL) it is a new database on that server,
 * dropped on close; otherwise an in-memory PGlite loaded from a dumped data directory.
 */
export const createTestDb = async (): Promise<Db> => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return createPgliteTestDb();
  const name = `sf_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${await postgresTemplate(admin, adminUrl)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 12);
  const opened: Db = {
    ...db,
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
  urls.set(opened, url.toString());
  return opened;
};

/** A new, empty database on the test server (`adminUrl`), not migrated: a target a restore fills through DATABASE_URL. */
export const emptyServerDb = async (adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> => {
  const name = `sf_restore_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
};
