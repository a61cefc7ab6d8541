/**
 * A new embedded database is made, migrated and seeded in a short-lived process of its own
 * (decision 014): PostgreSQL's initdb, the demo photos' decoding and encoding and the demo
 * passwords' hashing take about a gigabyte at their peak, and a process that goes on serving
 * keeps most of it (WASM memory never shrinks; glibc keeps what libvips' threads freed). A
 * process that ends gives it all back; the API then opens the made database as on a restart.
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type NodeEntry, nodeEntry } from '../compiled.ts';
import type { SeedDemoResult } from './seed/index.ts';

/** What the child is asked to do (its one argument, as JSON). */
export type FirstOpenJob = { dataDir: string; seed: boolean; production: boolean; poolCache?: string | undefined };
/** Child → parent. */
export type FromFirstOpen =
  { type: 'progress'; line: string } | { type: 'done'; result: SeedDemoResult | null } | { type: 'failed'; message: string };

/** The child as this process runs (compiled, or TypeScript through tsx); null where tsx cannot be found (then the work stays here). */
const childEntry = (): NodeEntry | null => {
  try {
    return nodeEntry(new URL('./first-open-child.ts', import.meta.url));
  } catch {
    return null;
  }
};

/** True when DATA_DIR holds no embedded database yet (PGlite writes PG_VERSION first of all). */
export const isNewDataDir = (dataDir: string): boolean => !existsSync(path.join(path.resolve(dataDir, 'pglite'), 'PG_VERSION'));

/** The seed's result (null when none was asked) and the process that did the work, ended by now. */
export type MadeApart = { seeded: SeedDemoResult | null; pid: number };

/**
 * Makes the database in `job.dataDir` in a child process and seeds the demo there when asked;
 * resolves once that process has ended. Rejects with the child's error.
 * Answers undefined, doing nothing, when the child cannot be started (no tsx to run it with).
 */
export const firstOpenApart = (job: FirstOpenJob, progress: (line: string) => void = () => undefined): Promise<MadeApart | undefined> => {
  const entry = childEntry();
  if (!entry) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const child = fork(entry.file, [JSON.stringify(job)], {
      execArgv: entry.execArgv,
      // libvips' threads each get a malloc arena by default (8 a core): two keep the peak lower.
      env: { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer: FromFirstOpen | undefined;
    child.on('message', (message: FromFirstOpen) => {
      if (message.type === 'progress') progress(message.line);
      else answer = message;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answer?.type === 'done' && code === 0) resolve({ seeded: answer.result, pid: child.pid ?? 0 });
      else if (answer?.type === 'failed') reject(new Error(answer.message));
      else
        reject(
          new Error(
            `Making the database in ${job.dataDir} stopped (${signal ? `killed by ${signal}` : `exit code ${code}`}); see the lines above.`,
          ),
        );
    });
  });
};
