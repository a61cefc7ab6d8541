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
import { tsxLoader } from './first-open.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./empty-template-child.ts', import.meta.url));

/** The installed PGlite's version: a template made by another version may not open. */
const pgliteVersion = (): string => {
  const manifest = path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
};

/** Where the template of the installed PGlite is kept. */
export const templateDir = (): string => path.join(ROOT, 'node_modules', '.cache', 'statefront', `pglite-empty-${pgliteVersion()}`);

/** PGlite makes a database in `dir` in a child process; here, as before, where tsx cannot be resolved to run one. */
const makeIn = async (dir: string): Promise<void> => {
  const loader = tsxLoader();
  if (!loader) {
    // By import(): the API's thread loads PGlite only when it runs the database (decision 014).
    const [{ PGlite }, { pgliteOptions }] = await Promise.all([import('@electric-sql/pglite'), import('./pglite-settings.ts')]);
    await (await PGlite.create(pgliteOptions(dir))).close();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', loader, CHILD, dir], { stdio: ['ignore', 'inherit', 'inherit'] });
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
