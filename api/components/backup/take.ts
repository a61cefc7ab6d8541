/**
 * Takes a backup to a file, from wherever the shop's data is: DATABASE_URL (a snapshot over a
 * connection of its own, beside the running shop), the running API that owns the embedded
 * database (asked over its loopback endpoint), or the embedded database itself when no shop
 * runs on it (under the lock, so none starts meanwhile). Then reads the file back and checks it.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { writeBackup } from '../../db/backup/export.ts';
import { writeAtomically } from '../../db/backup/files.ts';
import type { Manifest } from '../../db/backup/manifest.ts';
import { verifyBackup } from '../../db/backup/read.ts';
import { lockDataDir } from '../../db/lock.ts';
import { openPglite } from '../../db/index.ts';
import { openPostgres } from '../../db/postgres.ts';
import { runningApi } from './run-file.ts';
import { BACKUP_HEADER, BACKUP_PATH, signBackupCall } from './signature.ts';

export type TakeBackupOptions = {
  file: string;
  dataDir: string;
  databaseUrl?: string | undefined;
  internalSecret: string;
  say?: (line: string) => void;
};

export type TakenBackup = { file: string; bytes: number; manifest: Manifest; from: string };

const counting = (say: (line: string) => void) => {
  let bytes = 0;
  let told = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes - told >= 8 * 1024 * 1024) {
        told = bytes;
        say(`  received ${(bytes / 1024 / 1024).toFixed(0)} MB`);
      }
      done(null, chunk);
    },
  });
};

const fromRunningShop = async (url: string, secret: string, out: NodeJS.WritableStream, say: (line: string) => void) => {
  const res = await fetch(url + BACKUP_PATH, { headers: { [BACKUP_HEADER]: signBackupCall(secret) } });
  if (!res.ok || !res.body) {
    throw new Error(`The running shop at ${url} did not give a backup (HTTP ${res.status}): does INTERNAL_SECRET match the shop's?`);
  }
  await pipeline(Readable.fromWeb(res.body as ReadableStream<Uint8Array>), counting(say), out);
};

export const takeBackup = async ({
  file,
  dataDir,
  databaseUrl,
  internalSecret,
  say = () => undefined,
}: TakeBackupOptions): Promise<TakenBackup> => {
  let from = '';
  await writeAtomically(file, async (out) => {
    if (databaseUrl) {
      from = 'PostgreSQL (DATABASE_URL)';
      const db = await openPostgres(databaseUrl, 2, 'statefront-backup');
      try {
        await writeBackup(out, { db, dataDir, onProgress: say });
      } finally {
        await db.close();
      }
      return;
    }
    const running = await runningApi(dataDir);
    if (running) {
      from = `the running shop (process ${running.pid})`;
      say(`asking the running shop (process ${running.pid}, ${running.url}) for a snapshot …`);
      await fromRunningShop(running.url, internalSecret, out, say);
      return;
    }
    const dir = path.resolve(dataDir, 'pglite');
    if (!(await stat(path.join(dir, 'PG_VERSION')).catch(() => undefined))) {
      throw new Error(`There is no shop in ${path.resolve(dataDir)} (no embedded database): check DATA_DIR, or set DATABASE_URL.`);
    }
    from = `the embedded database in ${path.resolve(dataDir)}`;
    const unlock = await lockDataDir(dataDir);
    try {
      say(`opening the embedded database in ${path.resolve(dataDir)} (no shop runs on it) …`);
      const db = await openPglite(dir);
      try {
        await writeBackup(out, { db, dataDir, onProgress: say, alone: true });
      } finally {
        await db.close();
      }
    } finally {
      await unlock();
    }
  });
  say('checking the file …');
  const manifest = await verifyBackup(file);
  return { file, bytes: (await stat(file)).size, manifest, from };
};
