/**
 * A new, empty embedded database is a copy of one made once (decision 016). PGlite makes a new
 * database by running initdb as two more WebAssembly instances beside its own, which peaks at
 * about 840 MB and keeps most of it; copying a folder made before costs no memory, and PGlite
 * then opens it as an existing database (about 220 MB). The template is PGlite's own empty
 * folder, unmigrated (a restore migrates to its backup's schema first), made by `npm run build`
 * or at first need in a process that then ends, and kept under node_modules/.cache: it belongs
 * to the installed PGlite version and is never committed.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type NodeEntry, nodeEntry } from '../compiled.ts';

/** The installed PGlite's folder, found as node finds it (from the sources or from dist/servers alike). */
const pgliteDir = (): string => {
  const main = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  return main.slice(0, main.lastIndexOf(`${path.sep}dist${path.sep}`));
};

/** Where the template of the installed PGlite is kept; named by its version, since another may not open it. */
export const templateDir = (): string => {
  const dir = pgliteDir();
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  return path.join(dir, '..', '..', '.cache', 'statefront', `pglite-empty-${version}`);
};

/** The child as this process runs (compiled, or TypeScript through tsx); null where tsx cannot be found. */
const childEntry = (): NodeEntry | null => {
  try {
    return nodeEntry(new URL('./empty-template-child.ts', import.meta.url));
  } catch {
    return null;
  }
};

/** PGlite makes a database in `dir` in a child process; here, as before, where tsx cannot be resolved to run one. */
const makeIn = async (dir: string): Promise<void> => {
  const entry = childEntry();
  if (!entry) {
    // By import(): the API's thread loads PGlite only when it runs the database (decision 014).
    const [{ PGlite }, { pgliteOptions }] = await Promise.all([import('@electric-sql/pglite'), import('./pglite-settings.ts')]);
    await (await PGlite.create(pgliteOptions(dir))).close();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [...entry.execArgv, entry.file, dir], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`Making an empty database in ${dir} stopped (${signal ?? `exit code ${code}`}).`)),
    );
  });
};

/**
 * The template's folder, made first when it is not there yet (beside its place, then renamed
 * in, so a half-made one is never taken; when two make it at once, the first one stays).
 */
export const ensureTemplate = async (): Promise<string> => {
  const dir = templateDir();
  if (existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  await mkdir(path.dirname(dir), { recursive: true });
  const making = await mkdtemp(`${dir}.making-`);
  try {
    await makeIn(making);
    await rename(making, dir).catch((error: unknown) => {
      if (!existsSync(path.join(dir, 'PG_VERSION'))) throw error;
    });
  } finally {
    await rm(making, { recursive: true, force: true });
  }
  return dir;
};

/**
 * Makes `target` (which must not exist yet) a new, empty embedded database; false, copying
 * nothing, when no template can be made or kept (node_modules read-only): PGlite then makes the
 * database itself when it opens `target`, as before (about 840 MB in that process).
 */
export const copyEmptyDatabase = async (target: string): Promise<boolean> => {
  const template = await ensureTemplate().catch(() => null);
  if (!template) return false;
  await cp(template, target, { recursive: true, errorOnExist: true, force: false });
  return true;
};
