import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/cluster/ports.ts';

export const REDIS_SERVER_BINARY = process.env.REDIS_SERVER_BINARY ?? '/usr/bin/redis-server';

export type RedisServer = {
  /** redis://127.0.0.1:<port>, ready for REDIS_URL. */
  url: string;
  port: number;
  /** Ends the server (SIGTERM, then SIGKILL if it lingers) and removes its folder. Safe to call twice. */
  stop(): Promise<void>;
  /** Freezes the server (SIGSTOP): its connections stay open and nothing is answered, as a hung host does. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
};

/** A port nobody listens on right now, outside the kernel's ephemeral range (ports.ts); another process could still take it before us, hence the retries below. */
export { freePort };

/** Resolves once the server says it accepts connections; rejects with its output if it exits first. */
const ready = (child: ChildProcess): Promise<void> =>
  new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) {
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => reject(new Error(`redis-server exited (code ${code}) before it was ready:\n${output.trim()}`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', (error) => reject(new Error(`Cannot run ${REDIS_SERVER_BINARY} (apt-get install redis-server): ${error.message}`)));
  });

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));

/**
 * A private redis-server for one test file: loopback only, on a free port, nothing saved to
 * disk, its working folder in tmp. Call `stop()` in afterAll. Pass the `port` of a stopped
 * one to start it again where clients expect it (empty: nothing was saved).
 */
export const startRedisServer = async ({ port: wanted }: { port?: number } = {}): Promise<RedisServer> => {
  let lastError: unknown;
  // A probed free port can be taken before redis-server binds it: try a few.
  for (let attempt = 0; attempt < (wanted ? 1 : 3); attempt += 1) {
    const port = wanted ?? (await freePort());
    const dir = await mkdtemp(path.join(tmpdir(), 'statefront-redis-'));
    const child = spawn(
      REDIS_SERVER_BINARY,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, '--loglevel', 'notice'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      await ready(child);
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      // Not spawned at all (no binary): retrying will not help.
      if (child.pid === undefined) throw error;
      lastError = error;
      child.kill('SIGKILL');
      await exited(child);
      continue;
    }
    child.stdout?.resume();
    child.stderr?.resume();
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      pause: () => void child.kill('SIGSTOP'),
      resume: () => void child.kill('SIGCONT'),
      async stop() {
        // A paused server would not act on SIGTERM until it went on.
        child.kill('SIGCONT');
        if (child.exitCode === null && child.signalCode === null) {
          const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          child.kill('SIGTERM');
          await exited(child);
          clearTimeout(killer);
        }
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  throw lastError;
};
