/**
 * The embedded backup's copying and reading thread, one per backup, started by
 * export.ts: PostgreSQL's own online base backup of the running shop's data directory. Between
 * the main thread's `pg_backup_start` and `pg_backup_stop` (`copy`) it copies the data files
 * while the shop goes on writing them; then (`finish`) the write-ahead log from the backup's
 * start to its end and the backup label, so the copy's recovery replays the log up to the moment
 * of `pg_backup_stop`. A page copied half-written is repaired by the full-page image the log
 * holds of it (full_page_writes), as with pg_basebackup. Then it opens the copy as a database of
 * its own and reads the snapshot from it: neither the shop's database nor its HTTP event loop
 * waits meanwhile.
 */
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { fromPglite } from '../pglite.ts';
import { pgliteOptions } from '../pglite-settings.ts';
import { takeSnapshot } from './export.ts';
import type { FromReader, ReaderData, ToReader } from './reader-messages.ts';
import { keepPgliteFilesPrivate } from '../../private-files.ts';

const WAL_FILE = /^[0-9A-F]{24}$/;

/** A file or folder that went while it was being copied (a temporary file, a dropped table's), as in a base backup: skipped. */
const gone = (error: unknown) => {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
};

/**
 * Every file but the write-ahead log's (copied at the end), temporary files and a server's pid
 * files (PostgreSQL's list for base backups); four at a time.
 */
const copyDataFiles = async (source: string, copy: string) => {
  const files: string[] = [];
  const walk = async (rel: string) => {
    await mkdir(path.join(copy, rel), { recursive: true });
    const entries = await readdir(path.join(source, rel), { withFileTypes: true }).catch((error: unknown) => (gone(error), []));
    for (const entry of entries) {
      const name = path.join(rel, entry.name);
      if (entry.name.startsWith('pgsql_tmp') || entry.name === 'postmaster.pid' || entry.name === 'postmaster.opts') continue;
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile() && !(rel === 'pg_wal' && WAL_FILE.test(entry.name))) files.push(name);
    }
  };
  await walk('');
  let next = 0;
  const copier = async () => {
    while (next < files.length) {
      const name = files[next++]!;
      await copyFile(path.join(source, name), path.join(copy, name)).catch(gone);
    }
  };
  await Promise.all([copier(), copier(), copier(), copier()]);
};

/** The log's segments from the backup's start to `lastWal`, and the label that makes recovery start there. */
const finishCopy = async (source: string, copy: string, label: string, lastWal: string) => {
  const first = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(label)?.[1];
  if (!first) throw new Error('pg_backup_stop gave a backup label without its start');
  const segments = (await readdir(path.join(source, 'pg_wal'))).filter((f) => WAL_FILE.test(f) && f >= first && f <= lastWal).sort();
  // A checkpoint during the copy may recycle the first segments (hundreds of MB of writes meanwhile): refused, not restored wrong.
  if (segments[0] !== first || segments.at(-1) !== lastWal) {
    throw new Error(`the write-ahead log from ${first} to ${lastWal} was not all kept while the files were copied; take the backup again`);
  }
  await mkdir(path.join(copy, 'pg_wal', 'archive_status'), { recursive: true });
  for (const segment of segments) await copyFile(path.join(source, 'pg_wal', segment), path.join(copy, 'pg_wal', segment));
  await writeFile(path.join(copy, 'backup_label'), label);
};

/** Opens the copy, reads every table (export.ts's takeSnapshot) and closes it. */
const read = async (dataDir: string): Promise<FromReader> => {
  // The copy's recovery and reads in the running shop's process: sized as the shop's own database is.
  keepPgliteFilesPrivate(dataDir);
  const pg = await PGlite.create(pgliteOptions(dataDir));
  try {
    const snapshot = await takeSnapshot(fromPglite(pg));
    return {
      type: 'snapshot',
      version: snapshot.source.version,
      migrations: snapshot.migrations,
      // Each table's bytes in a buffer of its own, moved to the main thread rather than copied.
      tables: snapshot.tables.map((t) => ({
        name: t.name,
        rows: t.rows,
        data: t.data.buffer.slice(t.data.byteOffset, t.data.byteOffset + t.data.byteLength) as ArrayBuffer,
      })),
    };
  } finally {
    await pg.close();
  }
};

const port = parentPort;
if (port) {
  const data = workerData as ReaderData;
  const reply = (message: FromReader) => port.postMessage(message, message.type === 'snapshot' ? message.tables.map((t) => t.data) : []);
  const attempt = (step: () => Promise<FromReader>) =>
    step().then(reply, (error: unknown) => reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));
  port.on('message', (message: ToReader) => {
    if (message.type === 'copy') {
      void attempt(async () => {
        await copyDataFiles(data.source, data.copy);
        return { type: 'copied' };
      });
    } else {
      void attempt(async () => {
        await finishCopy(data.source, data.copy, message.label, message.lastWal);
        return read(data.copy);
      }).finally(() => port.close());
    }
  });
}
