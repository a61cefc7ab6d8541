/**
 * DATA_DIR holds the database (password hashes, addresses), secrets and backups: what the shop
 * writes there is its owner's alone: folders 0700 and files 0600 as it makes them, and for what
 * an older version left, no bits for group or others (the owner's are kept). Two exceptions, each for a
 * reader that is not the shop's user: DATA_DIR/images (product pictures, public on the site
 * anyway) stays readable by others, folders 0755 and files 0644, because the cluster's nginx
 * workers run as `nobody` and serve it directly; and the folders on the way to what another
 * user needs (DATA_DIR itself, and under `cluster/` the folder of nginx's temp files and
 * PostgreSQL's) are 0711: others may pass through by name but not list or read them.
 */
import fs from 'node:fs';
import { chmod, lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/** The bits no one but the owner gets. */
const OTHERS = 0o077;
export const PUBLIC_FILE_MODE = 0o644;
const PUBLIC_DIR_MODE = 0o755;
const PASS_THROUGH_MODE = 0o711;
/** Relative to DATA_DIR: folders others only pass through ('' is DATA_DIR itself). */
const PASS_THROUGH = new Set(['', 'cluster', path.join('cluster', 'nginx-temp')]);
const IMAGES = 'images';

/**
 * For every command that writes DATA_DIR (scripts/owner-only.ts): whatever it creates is the
 * owner's alone. Worker threads cannot set it; they share the process's.
 */
export const ownerOnlyUmask = (): void => {
  process.umask(OTHERS);
};

const pgliteFolders = new Set<string>();

/**
 * PGlite's file system layer (Emscripten's NODEFS) chmods every file it creates to 0666,
 * whatever the umask: 969 world-readable files, the write-ahead log among them. Its chmods
 * under a database folder keep the owner's bits only. Once per thread (each has its own `fs`).
 */
export const keepPgliteFilesPrivate = (dataDir: string): void => {
  const first = pgliteFolders.size === 0;
  pgliteFolders.add(path.resolve(dataDir) + path.sep);
  if (!first) return;
  const chmodSync = fs.chmodSync;
  const inPglite = (file: fs.PathLike) => [...pgliteFolders].some((dir) => path.resolve(String(file)).startsWith(dir));
  fs.chmodSync = (file, mode) => chmodSync(file, inPglite(file) ? (typeof mode === 'string' ? parseInt(mode, 8) : mode) & ~OTHERS : mode);
};

/**
 * The mode an entry of DATA_DIR should have, from its path relative to DATA_DIR and its mode now.
 * Only the bits of others change: the owner's stay as they are (a file that runs keeps running).
 */
export const intendedMode = (relative: string, isDir: boolean, mode: number): number => {
  const owner = mode & 0o700;
  if (isDir && PASS_THROUGH.has(relative)) return owner | (PASS_THROUGH_MODE & OTHERS);
  const underImages = relative === IMAGES || relative.startsWith(IMAGES + path.sep);
  if (underImages) return owner | ((isDir ? PUBLIC_DIR_MODE : PUBLIC_FILE_MODE) & OTHERS);
  return owner;
};

/**
 * Sets every entry of DATA_DIR this user owns to its intended mode (intendedMode): a folder
 * from an older version, whose files others could read, is closed at start. Answers how many
 * entries others could read or write before. Symbolic links and other users' files (PostgreSQL's
 * and nginx's in the cluster) are left as they are.
 */
export const settleDataDir = async (dataDir: string): Promise<number> => {
  const root = path.resolve(dataDir);
  const uid = process.getuid?.();
  let opened = 0;
  const visit = async (relative: string): Promise<void> => {
    const full = path.join(root, relative);
    const stat = await lstat(full).catch(() => null);
    if (!stat || stat.isSymbolicLink() || (uid !== undefined && stat.uid !== uid)) return;
    const mode = stat.mode & 0o777;
    const wanted = intendedMode(relative, stat.isDirectory(), mode);
    if (mode !== wanted) {
      if ((mode & OTHERS & ~wanted) !== 0) opened++;
      await chmod(full, wanted).catch(() => undefined);
    }
    if (!stat.isDirectory()) return;
    const names = await readdir(full).catch(() => [] as string[]);
    for (const name of names) await visit(path.join(relative, name));
  };
  await visit('');
  return opened;
};

/** The start's one line about it, or null when nothing was open to others. */
export const settledLine = (dataDir: string, opened: number): string | null =>
  opened === 0
    ? null
    : `Closed ${opened} files and folders in ${dataDir} that other users of this machine could read (left by an older version): the shop's files are its owner's alone now.`;
