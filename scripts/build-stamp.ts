/**
 * The build stamp: a content hash of every file the built client, widget and servers are made from,
 * written to dist/build-stamp.json as the last step of `npm run build`, so `npm start` can tell
 * a build older than its sources (after a pull, an edit, a dependency update) from a fresh one
 * (scripts/build-freshness.ts). Contents, not modification times: a checkout or a pull touches
 * files whose contents did not change, and a copied tree keeps contents but not times.
 * `tsx scripts/build-stamp.ts` writes the stamp for the working directory.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const BUILD_STAMP_FILE = 'dist/build-stamp.json';

/** What the build reads: the source folders of the client and the widget (with the machines and contracts they import), and the files that decide how it is built. */
export const BUILD_INPUT_DIRS = ['client', 'widgets', 'machines', 'contracts'] as const;
export const BUILD_INPUT_FILES = [
  'vite.config.ts',
  'vite.widgets.config.ts',
  'vite.ssr.config.ts',
  'scripts/precompress.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'tsconfig.client.json',
] as const;
/** What the compiled servers alone are made from (scripts/build-servers.ts); contracts and the package files they share with the client. */
export const SERVER_INPUT_DIRS = ['api', 'bff', 'server', 'scripts'] as const;
export const SERVER_INPUT_FILES = ['tsconfig.server.json', 'tsconfig.node.json'] as const;

/** Whether only the compiled servers are made from `file` (a path from the root, as the stamp names it). */
export const serversOnly = (file: string): boolean =>
  !(BUILD_INPUT_FILES as readonly string[]).includes(file) &&
  ((SERVER_INPUT_FILES as readonly string[]).includes(file) || SERVER_INPUT_DIRS.some((dir) => file.startsWith(`${dir}/`)));

/** Files in the source folders that no build reads: tests, their models and helpers, notes. */
const NOT_BUILT = /(\.(test|spec)\.[cm]?[jt]sx?$)|(\.model\.[jt]s$)|(\.md$)|(^|\/)(testing|__snapshots__|node_modules)\//;

export type BuildStamp = {
  /** One hash of all the inputs: equal stamps mean equal sources. */
  hash: string;
  /** Each input's own hash (by path from the root), to name what changed. */
  files: Record<string, string>;
  builtAt: string;
};

const toPosix = (file: string) => file.split(path.sep).join('/');

const inputFiles = async (root: string): Promise<string[]> => {
  const found: string[] = [];
  for (const dir of [...BUILD_INPUT_DIRS, ...SERVER_INPUT_DIRS]) {
    const entries = await readdir(path.join(root, dir), { withFileTypes: true, recursive: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = toPosix(path.relative(root, path.join(entry.parentPath, entry.name)));
      if (!NOT_BUILT.test(file)) found.push(file);
    }
  }
  return [...new Set([...found, ...BUILD_INPUT_FILES, ...SERVER_INPUT_FILES])].sort();
};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Every input's content hash; a missing optional file (no tsconfig, say) hashes as missing. */
export const hashBuildInputs = async (root: string): Promise<Omit<BuildStamp, 'builtAt'>> => {
  const files: Record<string, string> = {};
  for (const file of await inputFiles(root)) {
    const content = await readFile(path.join(root, file)).catch(() => undefined);
    files[file] = content ? sha256(content).slice(0, 32) : 'missing';
  }
  const hash = sha256(
    Object.entries(files)
      .map(([file, digest]) => `${file}\0${digest}`)
      .join('\n'),
  );
  return { hash, files };
};

export const readBuildStamp = async (root: string): Promise<BuildStamp | undefined> => {
  try {
    const stamp = JSON.parse(await readFile(path.join(root, BUILD_STAMP_FILE), 'utf8')) as Partial<BuildStamp>;
    return typeof stamp.hash === 'string' && typeof stamp.files === 'object' && stamp.files ? (stamp as BuildStamp) : undefined;
  } catch {
    return undefined;
  }
};

export const writeBuildStamp = async (root: string): Promise<BuildStamp> => {
  const stamp: BuildStamp = { ...(await hashBuildInputs(root)), builtAt: new Date().toISOString() };
  await mkdir(path.dirname(path.join(root, BUILD_STAMP_FILE)), { recursive: true });
  await writeFile(path.join(root, BUILD_STAMP_FILE), `${JSON.stringify(stamp, null, 1)}\n`);
  return stamp;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const stamp = await writeBuildStamp(process.cwd());
  console.log(
    `Build stamp: ${Object.keys(stamp.files).length} source files hashed in ${Math.round(performance.now() - started)} ms → ${BUILD_STAMP_FILE}`,
  );
}
