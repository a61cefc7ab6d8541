/**
 * Backup files on disk: the default name under DATA_DIR/backups, writing through a temporary
 * file (mode 600: a backup holds password hashes and addresses) renamed only when complete, and
 * the rotation of scheduled backups, which deletes only files of the default name.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';

const DEFAULT_NAME = /^statefront-\d{8}T\d{6}Z\.tar\.gz$/;

export const backupsDir = (dataDir: string): string => path.resolve(dataDir, 'backups');

/** DATA_DIR/backups/statefront-YYYYMMDDTHHMMSSZ.tar.gz */
export const defaultBackupPath = (dataDir: string, now = new Date()): string =>
  path.join(backupsDir(dataDir), `statefront-${now.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z.tar.gz`);

/** Writes `file` through `write(stream)`; the file appears, mode 600, only once the stream has finished. */
export const writeAtomically = async <T>(file: string, write: (out: Writable) => Promise<T>): Promise<T> => {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    const result = await write(createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, file);
    return result;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
};

/** Keeps the newest `keep` default-named backups and deletes the older ones; nothing else in the folder. */
export const rotateBackups = async (dataDir: string, keep: number): Promise<string[]> => {
  const dir = backupsDir(dataDir);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => DEFAULT_NAME.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
};
