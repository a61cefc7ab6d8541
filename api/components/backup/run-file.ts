/**
 * `DATA_DIR/run/api.json`: where the API that owns the embedded database under DATA_DIR
 * listens, so `npm run backup` finds it and asks it for the snapshot, and `npm run restore`
 * refuses while it runs. Written once listening, removed on a clean stop; a file whose process
 * is gone (a SIGKILL) is ignored.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { processAlive as alive } from '../../db/lock.ts';

export type RunFile = { pid: number; url: string };

export const runFilePath = (dataDir: string): string => path.resolve(dataDir, 'run', 'api.json');

export const writeRunFile = async (dataDir: string, url: string): Promise<() => Promise<void>> => {
  const file = runFilePath(dataDir);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ pid: process.pid, url } satisfies RunFile), { mode: 0o600 });
  return () => rm(file, { force: true });
};

/** The running API on this DATA_DIR, if its process is alive. */
export const runningApi = async (dataDir: string): Promise<RunFile | undefined> => {
  try {
    const run = JSON.parse(await readFile(runFilePath(dataDir), 'utf8')) as RunFile;
    return Number.isInteger(run.pid) && typeof run.url === 'string' && alive(run.pid) ? run : undefined;
  } catch {
    return undefined;
  }
};
