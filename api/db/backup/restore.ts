/**
 * Restores a backup into what the configuration points at: the embedded database under
 * DATA_DIR, or DATABASE_URL. Nothing is touched before the whole file checks out; the new
 * data is built beside the old (a new PGlite folder and images folder; on PostgreSQL one
 * transaction, which DDL is part of) and swapped in only when complete, so a restore that
 * fails half-way leaves the target as it was.
 */
import { mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ADVISORY_LOCKS } from '../advisory-locks.ts';
import { copyEmptyDatabase } from '../empty-template.ts';
import { lockDataDir } from '../lock.ts';
import { migrate, migrateWithin } from '../migrate.ts';
import { openPglite } from '../index.ts';
import { openPostgres } from '../postgres.ts';
import { SHOP_APPLICATION } from '../running.ts';
import type { Queryable } from '../types.ts';
import { listFiles } from './export.ts';
import { holdsRows, loadTable, moveCatalogueVersionsOn, targetTables } from './load.ts';
import { IMAGES_PREFIX, type Manifest } from './manifest.ts';
import { BackupError, backupEntries, checkSchema, imageBytes, tableRows, verifyBackup } from './read.ts';
import { ident } from './tables.ts';
import { settleDataDir } from '../../private-files.ts';

export type RestoreTarget = { dataDir: string; databaseUrl?: string | undefined };

export type RestoreOptions = {
  file: string;
  target: RestoreTarget;
  replace?: boolean;
  dryRun?: boolean;
  onProgress?: (message: string) => void;
};

export type RestoreResult = { manifest: Manifest; restored: boolean; migrated: string[] };

/** A restore takes this on PostgreSQL, so two restores (or a restore and the migrations) never run together. */
const RESTORE_LOCK = ADVISORY_LOCKS.restore;

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

const notEmpty = (what: string) =>
  new BackupError(`${what} already holds a shop. Add --replace to replace it with the backup (what is there now is lost).`);

/**
 * The second pass: the tables into `tx` (already at the backup's schema), in the manifest's
 * order, each row as it streams, the images into `imagesDir`; each checked as the first pass did.
 */
const loadEntries = async (tx: Queryable, file: string, manifest: Manifest, imagesDir: string, say: (m: string) => void) => {
  const tables = await targetTables(tx);
  let loaded = 0;
  let images = 0;
  await mkdir(imagesDir, { recursive: true });
  for await (const entry of backupEntries(file, manifest)) {
    if (entry.name.startsWith(IMAGES_PREFIX)) {
      const data = await imageBytes(file, entry);
      const target = path.join(imagesDir, entry.name.slice(IMAGES_PREFIX.length));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, data);
      images += 1;
      continue;
    }
    const expected = manifest.tables[loaded++];
    if (expected?.file !== entry.name) throw new BackupError(`${file}: ${entry.name} is not where the manifest lists its tables.`);
    const table = tables.get(expected.name);
    if (!table)
      throw new BackupError(`The backup has a table ${expected.name} that its schema (${manifest.schema.version}) does not make.`);
    const rows = await loadTable(tx, table, tableRows(file, entry.name, entry.body()));
    if (rows !== expected.rows) throw new BackupError(`${file}: ${entry.name} holds ${rows} rows, its manifest says ${expected.rows}.`);
    say(`  ${expected.name}: ${rows} rows`);
  }
  if (loaded !== manifest.tables.length) throw new BackupError(`${file}: ${manifest.tables[loaded]?.file} is missing from the file.`);
  await moveCatalogueVersionsOn(tx, tables);
  say(`  images: ${images} files`);
};

/** Moves `next` into `current`'s place; what was there goes to `old` first. */
const swapIn = async (current: string, next: string, old: string) => {
  if (await exists(current)) await rename(current, old);
  await rename(next, current);
};

/**
 * What a failed restore made around the target goes again: the folder, when it made it (a
 * restore into a new DATA_DIR), else the lock's `run/`, when that was not there before.
 */
const leaveNothingBehind = async <T>(dataDir: string, restore: () => Promise<T>): Promise<T> => {
  const made = !(await exists(dataDir));
  const hadRun = await exists(path.join(dataDir, 'run'));
  try {
    return await restore();
  } catch (error) {
    if (made) await rm(dataDir, { recursive: true, force: true });
    else if (!hadRun) await rmdir(path.join(dataDir, 'run')).catch(() => undefined);
    throw error;
  }
};

const restoreEmbedded = (options: RestoreOptions, manifest: Manifest, say: (m: string) => void): Promise<string[]> =>
  leaveNothingBehind(path.resolve(options.target.dataDir), () => restoreEmbeddedInto(options, manifest, say));

const restoreEmbeddedInto = async (options: RestoreOptions, manifest: Manifest, say: (m: string) => void): Promise<string[]> => {
  const dataDir = path.resolve(options.target.dataDir);
  await mkdir(dataDir, { recursive: true });
  // Also the refusal while a shop runs on this DATA_DIR: its process holds the lock.
  const unlock = await lockDataDir(dataDir);
  try {
    const current = path.join(dataDir, 'pglite');
    const imagesDir = path.join(dataDir, 'images');
    if (!options.replace) {
      let rows = false;
      if (await exists(path.join(current, 'PG_VERSION'))) {
        const db = await openPglite(current);
        rows = await holdsRows(db).finally(() => db.close());
      }
      if (rows || (await listFiles(imagesDir)).length) throw notEmpty(`The embedded database in ${dataDir}`);
    }
    const stamp = new Date().toISOString().replace(/[-:.]/g, '');
    const next = path.join(dataDir, `pglite.restoring-${stamp}`);
    const nextImages = path.join(dataDir, `images.restoring-${stamp}`);
    let migrated: string[];
    try {
      say('creating a new embedded database beside the current one …');
      // A copy of an empty one made before: PGlite's initdb alone would take about 840 MB (decision 016).
      if (!(await copyEmptyDatabase(next)))
        say('  (no empty database could be kept under node_modules/.cache: PGlite makes one, which takes more memory)');
      const db = await openPglite(next);
      try {
        await migrate(db, manifest.schema.version);
        await db.transaction((tx) => loadEntries(tx, options.file, manifest, nextImages, say));
        migrated = await migrate(db);
      } finally {
        await db.close();
      }
    } catch (error) {
      await rm(next, { recursive: true, force: true });
      await rm(nextImages, { recursive: true, force: true });
      throw error;
    }
    const old = path.join(dataDir, `replaced-${stamp}`);
    await mkdir(old);
    await swapIn(current, next, path.join(old, 'pglite'));
    await swapIn(imagesDir, nextImages, path.join(old, 'images'));
    await rm(old, { recursive: true, force: true });
    // Whatever umask the caller had: the restored database is the owner's alone (api/private-files.ts).
    await settleDataDir(dataDir);
    return migrated;
  } finally {
    await unlock();
  }
};

/** The shop's tables, functions and sequences in the current schema (not an extension's), for a replacing restore. */
const dropShop = async (tx: Queryable) => {
  const { rows: tables } = await tx.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r'`,
  );
  for (const t of tables) await tx.query(`drop table if exists ${ident(t.name)} cascade`);
  const { rows: functions } = await tx.query<{ signature: string }>(
    `select p.oid::regprocedure::text as signature from pg_proc p
     where p.pronamespace = current_schema()::regnamespace
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  for (const f of functions) await tx.query(`drop function if exists ${f.signature} cascade`);
  // A sequence of its own (migration 013's catalogue_version_seq), which no table owns and takes along.
  const { rows: sequences } = await tx.query<{ name: string }>(
    `select c.relname as name from pg_class c
     where c.relnamespace = current_schema()::regnamespace and c.relkind = 'S'
       and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`,
  );
  for (const q of sequences) await tx.query(`drop sequence if exists ${ident(q.name)} cascade`);
};

/** How many instances hold the running lock (pg_locks: one shared advisory lock each). */
const runningInstances = async (q: Queryable): Promise<number> => {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from pg_locks
     where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
       and classid = 0 and objid = $1 and objsubid = 1 and mode = 'ShareLock' and granted`,
    [ADVISORY_LOCKS.shopRunning],
  );
  return rows[0]?.n ?? 0;
};

const restorePostgres = async (options: RestoreOptions, url: string, manifest: Manifest, say: (m: string) => void): Promise<string[]> => {
  const dataDir = path.resolve(options.target.dataDir);
  const imagesDir = path.join(dataDir, 'images');
  const db = await openPostgres(url, 1, `${SHOP_APPLICATION}-restore`);
  const stamp = new Date().toISOString().replace(/[-:.]/g, '');
  const nextImages = path.join(dataDir, `images.restoring-${stamp}`);
  let migrated: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [RESTORE_LOCK]);
      // Every running instance holds this lock shared (api/db/running.ts); held here until the
      // restore commits, so an instance that starts meanwhile waits for the restored shop.
      const { rows: free } = await tx.query<{ got: boolean }>('select pg_try_advisory_xact_lock($1) as got', [ADVISORY_LOCKS.shopRunning]);
      // Connections of the shop's name (a tool such as create-admin, or a shop without the lock): also a shop at work.
      const { rows: open } = await tx.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
        [SHOP_APPLICATION],
      );
      if (!free[0]?.got || open.length) {
        const instances = await runningInstances(tx);
        throw new BackupError(
          `A shop is running on this database (${instances} running instance${instances === 1 ? '' : 's'}, ${open.length} open connection${open.length === 1 ? '' : 's'} of its own): stop it first. Nothing was restored.`,
        );
      }
      if (!options.replace && ((await holdsRows(tx)) || (await listFiles(imagesDir)).length))
        throw notEmpty('The database at DATABASE_URL');
      await dropShop(tx);
      await migrateWithin(tx, manifest.schema.version);
      await loadEntries(tx, options.file, manifest, nextImages, say);
      migrated = await migrateWithin(tx);
    });
  } catch (error) {
    await rm(nextImages, { recursive: true, force: true });
    throw error;
  } finally {
    await db.close();
  }
  const old = path.join(dataDir, `replaced-images-${stamp}`);
  await swapIn(imagesDir, nextImages, old);
  await rm(old, { recursive: true, force: true });
  return migrated;
};

/** Checks the file, then (unless a dry run) restores it; throws BackupError or DatabaseInUseError with a message for a person. */
export const restoreBackup = async (options: RestoreOptions): Promise<RestoreResult> => {
  const say = options.onProgress ?? (() => undefined);
  say(`checking ${options.file} …`);
  const manifest = await verifyBackup(options.file);
  await checkSchema(manifest);
  if (options.dryRun) return { manifest, restored: false, migrated: [] };
  const url = options.target.databaseUrl;
  const migrated = url ? await restorePostgres(options, url, manifest, say) : await restoreEmbedded(options, manifest, say);
  return { manifest, restored: true, migrated };
};
