/**
 * Takes a backup: the shop's own version-neutral logical export (every table's rows as JSON
 * lines, in primary-key order, read in one snapshot) and every file under DATA_DIR/images, in
 * one tar.gz with a manifest. JSON lines over the shop's own connection load into PGlite and
 * PostgreSQL 15 to 18 alike, where a PostgreSQL 18 dump would not load into 15.
 *
 * The snapshot: on PostgreSQL a REPEATABLE READ, READ ONLY transaction (writes go on beside
 * it, as with pg_dump). On PGlite (one connection: a transaction there runs alone, so a read in
 * one would hold every shop statement for all of it) PostgreSQL's own online base backup: the
 * shop waits for `pg_backup_start` (a checkpoint) and `pg_backup_stop` only (`heldMs`, the longer
 * of the two); a worker thread (snapshot-thread.ts) copies the files in between, opens the copy
 * as a database of its own, as of `pg_backup_stop`, and reads the tables from it. Either way
 * orders and stock agree. `alone` (nothing else has the database open) reads it directly.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { tsWorker } from '../ts-worker.ts';
import type { Db, Queryable } from '../types.ts';
import { FORMAT, FORMAT_VERSION, IMAGES_PREFIX, type Manifest, MANIFEST_NAME, tableFile } from './manifest.ts';
import { imageContentProblem, imageEntryProblem } from './entry-rules.ts';
import { ident, listTables } from './tables.ts';
import type { FromReader, ReaderData, ToReader } from './reader-messages.ts';
import { tarWriter } from './tar.ts';

const BATCH = 5000;

export type Snapshot = {
  source: Manifest['source'];
  migrations: string[];
  tables: Array<{ name: string; rows: number; data: Buffer }>;
  /**
   * How long the shop's statements waited for the snapshot at most: on PGlite the copy of its
   * data directory (or the whole read, when `alone`); on PostgreSQL the read, though writes go on beside it.
   */
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

type Reader = { send(message: ToReader): void; next(): Promise<FromReader>; stop(): Promise<void> };

/** The reading thread (snapshot-thread.ts) and its answers, one at a time. */
const startReader = (data: ReaderData): Reader => {
  const worker = tsWorker(new URL('./snapshot-thread.ts', import.meta.url), { workerData: data });
  const answers: FromReader[] = [];
  let waiting: ((answer: FromReader) => void) | undefined;
  const deliver = (answer: FromReader) => {
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(answer);
    } else answers.push(answer);
  };
  worker.on('message', deliver);
  worker.on('error', (error) => deliver({ type: 'failed', message: error.message }));
  worker.on('exit', (code) => deliver({ type: 'failed', message: `the thread stopped (exit code ${code})` }));
  return {
    send: (message) => worker.postMessage(message),
    next: () => (answers.length ? Promise.resolve(answers.shift()!) : new Promise((resolve) => (waiting = resolve))),
    stop: async () => {
      await worker.terminate();
    },
  };
};

const isAnswer = <T extends FromReader['type']>(answer: FromReader, type: T): answer is Extract<FromReader, { type: T }> =>
  answer.type === type;

const answerOf = async <T extends FromReader['type']>(reader: Reader, type: T): Promise<Extract<FromReader, { type: T }>> => {
  const answer = await reader.next();
  if (answer.type === 'failed') throw new Error(`Reading a copy of the embedded database failed: ${answer.message}`);
  if (!isAnswer(answer, type)) throw new Error(`Reading a copy of the embedded database: expected ${type}, got ${answer.type}`);
  return answer;
};

const fromReader = (answer: Extract<FromReader, { type: 'snapshot' }>, heldMs: number): Snapshot => ({
  source: { kind: 'pglite', version: `PostgreSQL ${answer.version}` },
  migrations: answer.migrations,
  tables: answer.tables.map((t) => ({ name: t.name, rows: t.rows, data: Buffer.from(t.data) })),
  heldMs,
});

const timed = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
};

/** The copy's name beside the data directory; one a killed backup left there is deleted by the next. */
const COPY_PREFIX = '.backup-copy-';

/**
 * An embedded database on disk: PostgreSQL's online base backup. The shop waits twice, briefly:
 * for `pg_backup_start` (a checkpoint: the pages changed since the last one are written) and for
 * `pg_backup_stop`; in between, the reading thread copies the files while the shop goes on.
 * The copy (beside the data directory, deleted after) then reads as of `pg_backup_stop`.
 */
const baseBackupSnapshot = async (db: Db, dataDir: string, say: (message: string) => void): Promise<Snapshot> => {
  const parent = path.dirname(dataDir);
  const prefix = path.basename(dataDir) + COPY_PREFIX;
  for (const old of (await readdir(parent)).filter((n) => n.startsWith(prefix)))
    await rm(path.join(parent, old), { recursive: true, force: true });
  const copy = path.join(parent, `${prefix}${process.pid}-${Date.now()}`);
  const reader = startReader({ source: dataDir, copy });
  try {
    say('starting the backup (a checkpoint; the shop waits for it)');
    const [, startMs] = await timed(() => db.query(`select pg_backup_start('statefront backup', true)`));
    let stopMs = 0;
    let stopped = false;
    const stop = async () => {
      stopped = true;
      const [result, ms] = await timed(() =>
        db.query<{ label: string; last_wal: string }>(
          `select labelfile as label, pg_walfile_name(lsn) as last_wal from pg_backup_stop(false)`,
        ),
      );
      stopMs = ms;
      return result.rows[0]!;
    };
    try {
      say(`copying the database's files beside it while the shop goes on (the start held it ${Math.round(startMs)} ms)`);
      reader.send({ type: 'copy' });
      await answerOf(reader, 'copied');
      const { label, last_wal: lastWal } = await stop();
      say(`copied; reading the copy (the stop held the shop ${Math.round(stopMs)} ms)`);
      reader.send({ type: 'finish', label, lastWal });
    } finally {
      // A backup left started would refuse the next one in this session.
      if (!stopped) await stop().catch(() => undefined);
    }
    const [answer, readMs] = await timed(() => answerOf(reader, 'snapshot'));
    say(`read ${answer.tables.length} tables from the copy in ${Math.round(readMs)} ms`);
    return fromReader(answer, Math.max(startMs, stopMs));
  } finally {
    await reader.stop();
    await rm(copy, { recursive: true, force: true });
  }
};

/** One backup at a time per embedded database: its one session can be in one base backup only. */
const inProgress = new WeakMap<Db, Promise<unknown>>();

/**
 * The backup's snapshot. On PGlite on disk (unless `alone`) read from a base backup's copy, so
 * the shop waits only for its start and stop; otherwise read directly (takeSnapshot): on
 * PostgreSQL beside the shop's writes, on an in-memory PGlite (tests) holding it for the read.
 */
export const backupSnapshot = async (
  db: Db,
  { alone = false, onProgress = () => undefined }: { alone?: boolean; onProgress?: (message: string) => void } = {},
): Promise<Snapshot> => {
  const dataDir = db.kind === 'pglite' && !alone ? db.dataDir : undefined;
  if (!dataDir) {
    onProgress('reading the database (one snapshot)');
    const snapshot = await takeSnapshot(db);
    onProgress(`read ${snapshot.tables.length} tables in ${Math.round(snapshot.heldMs)} ms`);
    return snapshot;
  }
  const before = inProgress.get(db) ?? Promise.resolve();
  const taking = before.catch(() => undefined).then(() => baseBackupSnapshot(db, dataDir, onProgress));
  inProgress.set(db, taking);
  return taking;
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
  /** Nothing else has the database open (npm run backup with the shop stopped): read it directly, no copy. */
  alone?: boolean;
};

/** Writes the whole backup (gzip included) to `out` and ends it; resolves with its manifest and how long the snapshot held the database. */
export const writeBackup = async (
  out: Writable,
  { db, dataDir, onProgress = () => undefined, now = new Date(), alone = false }: WriteBackupOptions,
) => {
  const snapshot = await backupSnapshot(db, { alone, onProgress });
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
  const files = await listFiles(imagesDir);
  let images = 0;
  let imageBytes = 0;
  for (const [i, file] of files.entries()) {
    const data = await readFile(path.join(imagesDir, file));
    // Only what the image pipeline writes: a restore refuses anything else (a page, a temporary file).
    const problem = imageEntryProblem(IMAGES_PREFIX + file, data.length) ?? imageContentProblem(IMAGES_PREFIX + file, data);
    if (problem) {
      onProgress(`images: ${file} left out: ${problem}`);
      continue;
    }
    images += 1;
    imageBytes += data.length;
    await add(IMAGES_PREFIX + file, data);
    if ((i + 1) % 500 === 0) onProgress(`images: ${i + 1} of ${files.length}`);
  }
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: now.toISOString(),
    source: snapshot.source,
    schema: { version: snapshot.migrations.at(-1) ?? '', migrations: snapshot.migrations },
    tables: snapshot.tables.map((t) => ({ name: t.name, rows: t.rows, file: tableFile(t.name) })),
    images: { files: images, bytes: imageBytes },
    entries,
  };
  await tar.add(MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2)), now);
  await tar.end();
  gzip.end();
  await finished;
  return { manifest, heldMs: snapshot.heldMs };
};
