/**
 * `npm start` as a person runs it, for the tests of scripts that start the shop: a real process,
 * in a folder holding a fresh (stamped) build so it does not build, on port 0 with its own data
 * folder (DATA_DIR under that folder).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_CACHE_DIR } from '../../api/testing/cache-dir.ts';
import { writeBuildStamp } from '../build-stamp.ts';
import { buildServers } from '../build-servers.ts';
import { type ChildOutput, childOutput } from './child-output.ts';
import { type InTerminal, inTerminal } from './terminal.ts';

const START = fileURLToPath(new URL('../start.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

/** A temp folder with a stamped build of nothing much in dist/: npm start started there serves it as it is. */
export const builtFolder = async (): Promise<string> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'statefront-start-'));
  await mkdir(path.join(dir, 'dist/client'), { recursive: true });
  await mkdir(path.join(dir, 'dist/widgets'), { recursive: true });
  await mkdir(path.join(dir, 'dist/server'), { recursive: true });
  await writeFile(path.join(dir, 'dist/client/index.html'), '<!doctype html><title>Statefront</title>');
  await writeFile(path.join(dir, 'dist/widgets/chat.js'), '');
  // Loaded on the first page only; these tests ask for none.
  await writeFile(path.join(dir, 'dist/server/entry-server.js'), '');
  await writeBuildStamp(dir);
  return dir;
};

export type NpmStart = ChildOutput & { child: ChildProcess };

const startEnv = (dir: string): Record<string, string | undefined> => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'development',
  PORT: '0',
  DATA_DIR: path.join(dir, 'data'),
  LOG_LEVEL: 'warn',
  SEED: 'none',
});

/** npm start in `dir` (see builtFolder), its DATA_DIR `dir/data`, the demo not seeded unless `env` says so. */
export const npmStart = (dir: string, env: Record<string, string> = {}): NpmStart => {
  const child = spawn(process.execPath, ['--import', TSX, START], {
    cwd: dir,
    env: { ...startEnv(dir), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, ...childOutput(child) };
};

const CHECKOUT = fileURLToPath(new URL('../../', import.meta.url));
let compiled: Promise<string> | undefined;
/**
 * This checkout's servers as they are now, compiled once per test process as `npm run build`
 * does (scripts/build-servers.ts), where they find this checkout's node_modules (under it).
 */
const compiledServers = (): Promise<string> => {
  const out = path.join(TEST_CACHE_DIR, 'compiled-servers');
  compiled ??= buildServers(CHECKOUT, out).then(() => out);
  return compiled;
};

/**
 * `npm start` itself in `dir` (see builtFolder) in a terminal (terminal.ts): package.json's start
 * line as it is, run by npm, over this checkout's scripts and node_modules, and its servers
 * compiled (compiledServers) as npm start runs them.
 */
export const npmStartInTerminal = async (dir: string, env: Record<string, string> = {}): Promise<InTerminal> => {
  const { scripts } = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'statefront', private: true, type: 'module', scripts: { start: scripts.start } }),
  );
  for (const folder of ['scripts', 'node_modules'])
    await symlink(fileURLToPath(new URL(`../../${folder}`, import.meta.url)), path.join(dir, folder));
  await symlink(await compiledServers(), path.join(dir, 'dist/servers'));
  // The stamp covers package.json: written again, the build stays fresh.
  await writeBuildStamp(dir);
  return inTerminal('npm start', { cwd: dir, env: { ...startEnv(dir), ...env } });
};
