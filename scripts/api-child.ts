/**
 * npm start's API in a process of its own (decision 007): PGlite's synchronous queries then take
 * a core of their own instead of the one the BFF proxies on. The parent forks
 * scripts/start-api.ts (compiled, its .js) with an IPC channel, hands it the internal credential
 * over that channel (never through the environment, where `ps e` would show it), and learns its
 * loopback URL from it. The child listens on 127.0.0.1 on a port the system picks, as the in-process API did.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { nodeEntry } from '../api/compiled.ts';
import { apiNodeFlags, serverMallocEnv } from './server-memory.ts';

/** Parent → child. */
export type ToApiChild = { type: 'start'; internalSecret: string } | { type: 'stop' };
/** Child → parent. */
export type FromApiChild = { type: 'waiting' } | { type: 'ready'; url: string; demoAccounts: boolean } | { type: 'say'; line: string };

export type ApiExit = { code: number | null; signal: NodeJS.Signals | null };

export type ApiChild = {
  pid: number;
  url: string;
  demoAccounts: boolean;
  /** Settles when the child has exited, whoever ended it. */
  exited: Promise<ApiExit>;
  /** Graceful: the child drains its requests and closes the database, then exits. */
  stop(limitMs?: number): Promise<ApiExit>;
};

/** Compiled, node on start-api.js; from the sources, through tsx (api/compiled.ts). */
const entry = () => nodeEntry(new URL('./start-api.ts', import.meta.url));

export const describeExit = ({ code, signal }: ApiExit): string => (signal ? `killed by ${signal}` : `exit code ${code}`);

export type StartApiChildOptions = {
  env: Record<string, string | undefined>;
  internalSecret: string;
  say?: (line: string) => void;
};

/** What the API child starts with: its node flags and its environment (scripts/server-memory.ts for the memory settings). */
export const apiChildStart = (env: Record<string, string | undefined>, execArgv: string[]) => ({
  execArgv: [...apiNodeFlags(env), ...execArgv],
  // Loopback and a free port: the API is reached through the BFF only. PGlite on the API's own
  // thread unless the owner sets PGLITE_THREAD=1: the worker thread held the API about 26 MB
  // higher at rest for throughput a small shop does not use (decision 014, its 16:00 section).
  env: {
    ...env,
    ...serverMallocEnv(env),
    API_HOST: '127.0.0.1',
    API_PORT: '0',
    INTERNAL_SECRET: undefined,
    STATEFRONT_API_CHILD: '1',
  },
});

export const startApiChild = ({ env, internalSecret, say = () => undefined }: StartApiChildOptions): Promise<ApiChild> =>
  new Promise((resolve, reject) => {
    const { file, execArgv } = entry();
    const child: ChildProcess = fork(file, [], {
      ...apiChildStart(env, execArgv),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // Its own process group: Ctrl+C reaches npm start only, which stops the BFF first, then this.
      detached: true,
    });
    const exited = new Promise<ApiExit>((settle) => child.once('exit', (code, signal) => settle({ code, signal })));
    const send = (message: ToApiChild) => child.connected && child.send(message);
    child.on('message', (message: FromApiChild) => {
      if (message.type === 'waiting') send({ type: 'start', internalSecret });
      if (message.type === 'say') say(message.line);
      if (message.type === 'ready') {
        resolve({
          pid: child.pid ?? 0,
          url: message.url,
          demoAccounts: message.demoAccounts,
          exited,
          async stop(limitMs = 15_000) {
            if (child.exitCode !== null || child.signalCode !== null) return exited;
            send({ type: 'stop' });
            const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
            const result = await exited;
            clearTimeout(timer);
            return result;
          },
        });
      }
    });
    child.once('error', reject);
    void exited.then((exit) =>
      reject(new Error(`The API process ended before it was ready (${describeExit(exit)}); see the lines above.`)),
    );
  });
