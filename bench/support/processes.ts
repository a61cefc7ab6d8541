/**
 * The shop's processes as the benches start them: real child processes (scripts/start*.ts), each
 * on a free loopback port with its own DATA_DIR in a temp dir, so a bench measures what
 * `npm start` runs and not a copy of it inside the bench's own event loop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type Child = {
  proc: ChildProcess;
  /** Everything it printed so far (stdout and stderr), for errors and for URLs. */
  output: () => string;
  /** Resolves with the first match of `pattern` in its output; rejects when it exits first. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  /** Resident memory of it and every process it started (same process group), in MB; and its largest process's. */
  rss: () => Rss;
  /** SIGTERM to its process group, SIGKILL after `graceMs`; resolves when it has exited. */
  stop: (graceMs?: number) => Promise<void>;
};

/** Variables of the caller's shell that would point a bench's shop at something else. */
const FOREIGN = [
  'API_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'PORT',
  'HOST',
  'API_PORT',
  'API_HOST',
  'DATA_DIR',
  'TRUST_PROXY',
  'PUBLIC_ORIGIN',
];

export const childEnv = (env: Record<string, string>): NodeJS.ProcessEnv => {
  const base = { ...process.env };
  for (const name of FOREIGN) delete base[name];
  return { ...base, ...env };
};

export const secret = (): string => randomBytes(32).toString('base64url');

export const tempDir = (name: string): Promise<string> => mkdtemp(path.join(tmpdir(), `statefront-bench-${name}-`));
export const removeDir = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true });

/** A port nobody listens on right now (the tests' helper). */
export { freePort } from '../../scripts/cluster/ports.ts';

export type Rss = { totalMb: number; largestMb: number };

const rssOfGroup = (pgid: number): Rss => {
  let kb = 0;
  let largest = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 5 of /proc/PID/stat is the process group; the name (field 2) may hold spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
      kb += Number(rss?.[1] ?? 0);
      largest = Math.max(largest, Number(rss?.[1] ?? 0));
    } catch {
      // Gone meanwhile.
    }
  }
  return { totalMb: kb / 1024, largestMb: largest / 1024 };
};

/**
 * Starts `command args` in its own process group (so stop() ends whatever it started, and
 * only that). Output is kept, and echoed when BENCH_VERBOSE=1.
 */
export const startChild = (command: string, args: string[], env: NodeJS.ProcessEnv): Child => {
  const proc = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const listeners = new Set<() => void>();
  const take = (chunk: Buffer) => {
    text += chunk.toString();
    if (process.env.BENCH_VERBOSE === '1') process.stderr.write(chunk);
    for (const listener of listeners) listener();
  };
  proc.stdout!.on('data', take);
  proc.stderr!.on('data', take);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
    for (const listener of listeners) listener();
  });

  const waitFor = (pattern: RegExp, timeoutMs = 120_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(
        () => finish(new Error(`timed out waiting for ${pattern} from ${command} ${args.join(' ')}:\n${text}`)),
        timeoutMs,
      );
      const check = () => {
        const match = text.match(pattern);
        if (match) finish(undefined, match);
        else if (gone) finish(new Error(`${command} ${args.join(' ')} exited (${proc.exitCode}) before printing ${pattern}:\n${text}`));
      };
      const finish = (error?: Error, match?: RegExpMatchArray) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else resolve(match!);
      };
      listeners.add(check);
      check();
    });

  const stop = async (graceMs = 10_000) => {
    if (gone) return;
    try {
      process.kill(-proc.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-proc.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, graceMs);
    await exited;
    clearTimeout(timer);
  };

  return { proc, output: () => text, waitFor, rss: () => rssOfGroup(proc.pid!), stop };
};

/** A TypeScript entry point run the way npm's scripts run it (tsx), without npx in between. */
export const startTs = (script: string, env: NodeJS.ProcessEnv): Child => startChild(process.execPath, ['--import', 'tsx', script], env);

/** The first loopback URL a server printed (start-api prints the API's, start-bff the BFF's). */
export const LOOPBACK_URL = /http:\/\/127\.0\.0\.1:\d+/;

/** Polls `url` until it answers 200; returns the milliseconds since `since` (performance.now()). */
export const firstOk = async (url: string, since: number, timeoutMs = 180_000): Promise<number> => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
};
