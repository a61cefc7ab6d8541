/**
 * `npm start` as a person runs it, for the tests of scripts that start the shop: a real process,
 * in a folder holding a fresh (stamped) build so it does not build, on port 0 with its own data
 * folder (DATA_DIR under that folder).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeBuildStamp } from '../build-stamp.ts';

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

export type NpmStart = {
  child: ChildProcess;
  /** Its exit code once it has exited. */
  exited: Promise<number | null>;
  /** The first match of `pattern` in its output so far or later; throws if it ends first. */
  waitFor: (pattern: RegExp) => Promise<RegExpMatchArray>;
  output: () => string;
};

/** npm start in `dir` (see builtFolder), its DATA_DIR `dir/data`, the demo not seeded unless `env` says so. */
export const npmStart = (dir: string, env: Record<string, string> = {}): NpmStart => {
  const child = spawn(process.execPath, ['--import', TSX, START], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'warn',
      SEED: 'none',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp): Promise<RegExpMatchArray> => {
    for (;;) {
      const found = out.match(pattern);
      if (found) return found;
      if (child.exitCode !== null) throw new Error(`npm start ended (${child.exitCode}) before ${pattern}:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return { child, exited, waitFor, output: () => out };
};
