/**
 * The cluster's child processes: each one's output prefixed with its name (`[api-1] …`),
 * its last lines kept for the message when it fails, and a stop that signals it and waits.
 */
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { createInterface } from 'node:readline';

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** A running part of the cluster, whoever runs it (a child of the launcher, or of the supervisor). */
export type Component = {
  name: string;
  pid: number;
  /** Settles when it has exited, whoever ended it. */
  exited: Promise<Exit>;
  running: () => boolean;
  /** Calls `listener` with each later line of its output (unprefixed). */
  onLine: (listener: (line: string) => void) => void;
  /** Its last lines of output, for an error message. */
  lastLines: (count?: number) => string;
  /** Signals its process group now. */
  signal: (signal: NodeJS.Signals) => void;
  /** Sends `signal`, then SIGKILL after `graceMs`; resolves on exit. */
  stop: (signal?: NodeJS.Signals, graceMs?: number) => Promise<Exit>;
};

/** A child process of the launcher. */
export type Proc = Component & { child: ChildProcess };

const KEPT_LINES = 40;

export const describeExit = ({ code, signal }: Exit): string => (signal ? `killed by ${signal}` : `exit code ${code}`);

export type SpawnPrefixedOptions = {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Where each prefixed line goes. */
  log: (line: string) => void;
};

export const spawnPrefixed = ({ name, command, args, env, cwd, log }: SpawnPrefixedOptions): Proc => {
  const options: SpawnOptions = { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true };
  // Its own process group: a terminal's Ctrl+C reaches the launcher only, which stops the
  // components in order instead of all at once.
  const child = spawn(command, args, options);
  const kept: string[] = [];
  const listeners: ((line: string) => void)[] = [];
  const take = (line: string) => {
    kept.push(line);
    if (kept.length > KEPT_LINES) kept.shift();
    log(`[${name}] ${line}`);
    for (const listener of listeners) listener(line);
  };
  for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on('line', take);
  let done: Exit | undefined;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      done = { code, signal };
      resolve(done);
    });
    child.once('error', (error) => {
      take(`cannot start ${command}: ${error.message}`);
      done = { code: 127, signal: null };
      resolve(done);
    });
  });
  // The whole group: nginx's workers, PostgreSQL under runuser, get it too.
  const signalIt = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      try {
        child.kill(signal);
      } catch {
        // Gone meanwhile.
      }
    }
  };
  return {
    name,
    pid: child.pid ?? 0,
    child,
    exited,
    running: () => done === undefined,
    onLine: (listener) => listeners.push(listener),
    signal: signalIt,
    lastLines: (count = 15) =>
      kept
        .slice(-count)
        .map((line) => `  ${line}`)
        .join('\n'),
    async stop(signal = 'SIGTERM', graceMs = 20_000) {
      if (done) return done;
      signalIt(signal);
      const killer = setTimeout(() => signalIt('SIGKILL'), graceMs);
      const exit = await exited;
      clearTimeout(killer);
      return exit;
    },
  };
};

/** Runs a command to its end (initdb, pg_ctl, nginx -t); throws with its output when it fails. */
export const runToEnd = async (options: SpawnPrefixedOptions): Promise<void> => {
  const proc = spawnPrefixed(options);
  const exit = await proc.exited;
  if (exit.code !== 0)
    throw new Error(`${options.name}: ${options.command} ${options.args.join(' ')} failed (${describeExit(exit)}):\n${proc.lastLines()}`);
};
