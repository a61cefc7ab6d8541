/**
 * Takes a backup: the shop's own version-neutral logical export (every table's rows as JSON
 * lines, in primary-key order, read in one snapshot) and every file under DATA_DIR/images, in
 * one tar.gz with a manifest. JSON lines over the shop's own connection load into PGlite and
 * PostgreSQL 15 to 18 alike, where a PostgreSQL 18 dump would not load into 15.
 *
 * The snapshot: on PostgreSQL a REPEATABLE READ, READ ONLY transaction (writes go on beside
 * it, as with pg_dump). On PGlite, one connection, the transaction runs alone: the shop's
 * writes wait in the query queue while the tables are read (`heldMs`), never in between two
 * tables, so orders and stock always agree.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Db, Queryable } from '../types.ts';
import { FORMAT, FORMAT_VERSION, IMAGES_PREFIX, type Manifest, MANIFEST_NAME, tableFile } from './manifest.ts';
import { ident, listTables } from './tables.ts';
import { tarWriter } from './tar.ts';

const BATCH = 5000;

export type Snapshot = {
  source: Manifest['source'];
  migrations: string[];
  tables: Array<{ name: string; rows: number; data: Buffer }>;
  /** How long the database was held for the read (on PGlite, how long writes waited at most). */
  heldMs: number;
};

/** One table's rows as JSON lines, in primary-key order, through a cursor (no offset scans). */
const readTable = async (
  tx: Queryable,
  table: { name: string; columns: string[]; primaryKey: string[] },
): Promise<{ rows: number; data: Buffer }> => {
  const order = (table.primaryKey.length ? table.primaryKey : table.columns).map(ident).join(', ');
  const columns = table.columns.map(ident).join(', ');
  const cursor = `backup_${table.name}`;
  // jsonb: one spelling of every value (key order, numbers, times in UTC) on every server version.
  await tx.query(`declare ${ident(cursor)} no scroll cursor for
    select to_jsonb(r)::text as line from (select ${columns} from ${ident(table.name)} order by ${order}) r`);
  const lines: string[] = [];
  for (;;) {
    const { rows } = await tx.query<{ line: string }>(`fetch ${BATCH} from ${ident(cursor)}`);
    for (const row of rows) lines.push(row.line);
    if (rows.length < BATCH) break;
  }
  await tx.query(`close ${ident(cursor)}`);
  return { rows: lines.length, data: Buffer.from(lines.length ? `${lines.join('\n')}\n` : '') };
};

/** Reads every table in one consistent snapshot. */
export const takeSnapshot = async (db: Db): Promise<Snapshot> => {
  let heldMs = 0;
  const result = await db.transaction(async (tx) => {
    const started = performance.now();
    await tx.query('set transaction isolation level repeatable read, read only');
    await tx.query(`set local timezone = 'UTC'`);
    const { rows: version } = await tx.query<{ server_version: string }>('show server_version');
    const { rows: migrations } = await tx.query<{ name: string }>('select name from schema_migrations order by name');
    const tables = [];
    for (const table of await listTables(tx)) tables.push({ name: table.name, ...(await readTable(tx, table)) });
    heldMs = performance.now() - started;
    return { version: version[0]?.server_version ?? 'unknown', migrations: migrations.map((m) => m.name), tables };
  });
  return {
    source: { kind: db.kind, version: `PostgreSQL ${result.version}` },
    migrations: result.migrations,
    tables: result.tables,
    heldMs,
  };
};

/** Every file under `dir`, as paths relative to it with forward slashes, sorted; none if it does not exist. */
export const listFiles = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
};

export const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

export type WriteBackupOptions = {
  db: Db;
  dataDir: string;
  onProgress?: (message: string) => void;
  now?: Date;
};

/** Writes the whole backup (gzip included) to `out` and ends it; resolves with its manifest and how long the snapshot held the database. */
export const writeBackup = async (out: Writable, { db, dataDir, onProgress = () => undefined, now = new Date() }: WriteBackupOptions) => {
  onProgress('reading the database (one snapshot)');
  const snapshot = await takeSnapshot(db);
  onProgress(`read ${snapshot.tables.length} tables in ${Math.round(snapshot.heldMs)} ms`);
  const gzip = createGzip({ level: 6 });
  const finished = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('close', resolve);
    out.once('error', reject);
    gzip.once('error', reject);
  });
  gzip.pipe(out);
  const tar = tarWriter(gzip);
  const entries: Manifest['entries'] = {};
  const add = async (name: string, data: Buffer) => {
    entries[name] = { bytes: data.length, sha256: sha256(data) };
    await tar.add(name, data, now);
  };
  for (const table of snapshot.tables) await add(tableFile(table.name), table.data);
  const imagesDir = path.resolve(dataDir, 'images');
  const images = await listFiles(imagesDir);
  let imageBytes = 0;
  for (const [i, file] of images.entries()) {
    const data = await readFile(path.join(imagesDir, file));
    imageBytes += data.length;
    await add(IMAGES_PREFIX + file, data);
    if ((i + 1) % 500 === 0) onProgress(`images: ${i + 1} of ${images.length}`);
  }
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: now.toISOString(),
    source: snapshot.source,
    schema: { version: snapshot.migrations.at(-1) ?? '', migrations: snapshot.migrations },
    tables: snapshot.tables.map((t) => ({ name: t.name, rows: t.rows, file: tableFile(t.name) })),
    images: { files: images.length, bytes: imageBytes },
    entries,
  };
  await tar.add(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)), now);
  await tar.end();
  gzip.end();
  await finished;
  return { manifest, heldMs: snapshot.heldMs };
};
