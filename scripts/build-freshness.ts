/**
 * Whether dist/ was built from the sources as they are now (the client and, compiled, the servers
 * that `npm start` runs), and what `npm start` does about it:
 * outside production it rebuilds a missing or stale build (so a pull never leaves the old client
 * served); in production the build is a step of its own, so it only says so, in one line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_STAMP_FILE, hashBuildInputs, readBuildStamp, serversOnly } from './build-stamp.ts';

/** What the BFF serves: the client, its server-render bundle and the partner chat widget (npm run build makes all three). */
export const BUILT_FILES = ['dist/client/index.html', 'dist/server/entry-server.js', 'dist/widgets/chat.js'];
/** What npm start runs (docs/decisions/015-compiled-servers.md): the launcher of the compiled servers. */
export const BUILT_SERVERS = 'dist/servers/scripts/start.js';

export type Freshness =
  { state: 'fresh' } | { state: 'missing'; files: string[] } | { state: 'unstamped' } | { state: 'stale'; changed: string[] };

/**
 * `servers`: whether the compiled servers count. Not when the shop runs from its TypeScript
 * sources (npm run dev): there an edit of the API needs no build.
 */
export const checkBuild = async (root: string, { servers = true }: { servers?: boolean } = {}): Promise<Freshness> => {
  const built = servers ? [...BUILT_FILES, BUILT_SERVERS] : BUILT_FILES;
  const missing = built.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) return { state: 'missing', files: missing };
  const stamp = await readBuildStamp(root);
  if (!stamp) return { state: 'unstamped' };
  const now = await hashBuildInputs(root);
  if (now.hash === stamp.hash) return { state: 'fresh' };
  const paths = new Set([...Object.keys(now.files), ...Object.keys(stamp.files)]);
  const changed = [...paths].filter((file) => now.files[file] !== stamp.files[file] && (servers || !serversOnly(file))).sort();
  return changed.length > 0 ? { state: 'stale', changed } : { state: 'fresh' };
};

/** Why a build is needed, in words for the terminal. */
export const describe = (freshness: Exclude<Freshness, { state: 'fresh' }>): string => {
  switch (freshness.state) {
    case 'missing':
      return `${freshness.files.join(' and ')} missing`;
    case 'unstamped':
      return `${BUILD_STAMP_FILE} missing (a build from before the stamp, or one that did not finish)`;
    case 'stale': {
      const { changed } = freshness;
      const named = changed.slice(0, 3).join(', ') + (changed.length > 3 ? ` and ${changed.length - 3} more` : '');
      return `the build is older than its sources (${changed.length === 1 ? '1 file' : `${changed.length} files`} changed: ${named})`;
    }
  }
};

/** `npm run build`, its output on this terminal; answers whether it succeeded. */
export const runBuild = (): boolean => spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).status === 0;

export type EnsureOptions = {
  root: string;
  production: boolean;
  /** Runs `npm run build`; answers whether it succeeded. */
  build: () => boolean;
  say: (line: string) => void;
  warn: (line: string) => void;
  /** Whether the compiled servers count (checkBuild); default true. */
  servers?: boolean;
};

/** Answers what happened: fresh, built, build-failed, or (production) left-stale. */
export const ensureFreshBuild = async ({
  root,
  production,
  build,
  say,
  warn,
  servers = true,
}: EnsureOptions): Promise<'fresh' | 'built' | 'build-failed' | 'left-stale'> => {
  const freshness = await checkBuild(root, { servers });
  if (freshness.state === 'fresh') return 'fresh';
  if (production) {
    warn(
      `NODE_ENV=production: ${describe(freshness)}; not building here (run \`npm run build\` as its own step), serving what dist/ holds.`,
    );
    return 'left-stale';
  }
  say(`${describe(freshness)}: building the client, its server-render bundle, the chat widget and the servers (npm run build) …`);
  // A build that fails halfway must not leave the old stamp vouching for a half-written dist/.
  await rm(path.join(root, BUILD_STAMP_FILE), { force: true });
  if (build()) return 'built';
  warn('The build failed (see above): the API still starts, pages answer 503 until `npm run build` succeeds.');
  return 'build-failed';
};
