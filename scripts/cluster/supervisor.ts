/**
 * supervisord in the foreground, a child of the launcher (docs/decisions/017-supervised-cluster.md):
 * it runs every program of the cluster and starts again the one that dies; the launcher tells it
 * what to start and stop, in order, over its XML-RPC socket, follows each program's log and
 * prints it with the program's name, and counts and logs each restart from supervisord's lines.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { followLines } from './log-tail.ts';
import { type Component, describeExit, type Exit, type Proc, spawnPrefixed } from './processes.ts';
import { type Program, supervisorConfig, supervisorFiles } from './supervisor-config.ts';

/** One program under supervisord: the process of its current run, and how often it was started again. */
export type Supervised = Component & {
  /** Asks supervisord to start it (it is running once supervisord spawned it). */
  start(): Promise<void>;
  /** Starts after the first, by supervisord after a death. */
  restarts(): number;
};

export type ClusterSupervisor = {
  proc: Proc;
  program(name: string): Supervised;
  /** New settings for one stopped program (its port moved before anything named it). */
  replace(program: Program): Promise<void>;
  /** Stops supervisord itself (every program still running, at once: stop them in order first). */
  shutdown(): Promise<void>;
};

export class SupervisorFault extends Error {}

const xml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

const param = (value: string | boolean) =>
  `<param><value>${typeof value === 'boolean' ? `<boolean>${value ? 1 : 0}</boolean>` : `<string>${xml(value)}</string>`}</value></param>`;

/** One call of supervisord's XML-RPC interface over its unix socket; its answer as XML, or a SupervisorFault. */
export const rpc = (socketPath: string, method: string, ...params: (string | boolean)[]): Promise<string> =>
  new Promise((resolve, reject) => {
    const body = `<?xml version="1.0"?><methodCall><methodName>supervisor.${method}</methodName><params>${params.map(param).join('')}</params></methodCall>`;
    const request = http.request(
      { socketPath, path: '/RPC2', method: 'POST', headers: { 'content-type': 'text/xml', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (!text.includes('<fault>')) return resolve(text);
          const message = /<name>faultString<\/name>\s*<value><string>([^<]*)</.exec(text)?.[1] ?? text;
          reject(new SupervisorFault(`supervisor.${method}(${params.join(', ')}): ${message}`));
        });
      },
    );
    request.setTimeout(60_000, () => request.destroy(new Error(`supervisor.${method}: no answer`)));
    request.on('error', reject);
    request.end(body);
  });

/** `exit status 1` or `terminated by SIGKILL`, as supervisord says it. */
const parseExit = (text: string): Exit => {
  const signal = /terminated by (SIG[A-Z0-9]+)/.exec(text)?.[1];
  return signal
    ? { code: null, signal: signal as NodeJS.Signals }
    : { code: Number(/exit status (\d+)/.exec(text)?.[1] ?? 1), signal: null };
};

/** supervisord's lines a person needs (starts, deaths, give-ups), without its timestamp. */
const worthShowing = (line: string): string | undefined => {
  const text = line.replace(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ /, '');
  return /(spawned|exited|gave up|spawnerr|stopped):|^(CRIT|ERROR)(?!.*(running as root|without any HTTP))/.test(text) ? text : undefined;
};

const KEPT_LINES = 40;

export type StartSupervisorOptions = {
  supervisord: string;
  /** Its own folder (owner-only): config, socket, pid file and the programs' logs. */
  dir: string;
  programs: readonly Program[];
  /** The programs' working folder. */
  cwd: string;
  /** supervisord's environment, which every program inherits (under its own `env`). */
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** A program died on its own; supervisord starts it again. */
  onDeath?: (name: string, message: string) => void;
};

export const startSupervisor = async (options: StartSupervisorOptions): Promise<ClusterSupervisor> => {
  const { dir, log } = options;
  const files = supervisorFiles(dir);
  await mkdir(files.logs, { recursive: true, mode: 0o700 });
  let programs = [...options.programs];
  const writeConfig = () => writeFile(files.config, supervisorConfig(dir, programs, options.cwd), { mode: 0o600 });
  await writeConfig();
  await rm(files.socket, { force: true });
  const call = (method: string, ...params: (string | boolean)[]) => rpc(files.socket, method, ...params);

  type State = { pid: number; running: boolean; exit?: Exit; settle?: (exit: Exit) => void; exited: Promise<Exit>; starts: number };
  const states = new Map<string, State>();
  const supervised = new Map<string, Supervised>();
  const fresh = (state: State) => {
    state.exited = new Promise((resolve) => (state.settle = resolve));
  };
  const make = (name: string): Supervised => {
    const state: State = { pid: 0, running: false, exited: Promise.resolve({ code: null, signal: null }), starts: 0 };
    fresh(state);
    states.set(name, state);
    const kept: string[] = [];
    const listeners: ((line: string) => void)[] = [];
    const tail = followLines(files.log(name), (line) => {
      kept.push(line);
      if (kept.length > KEPT_LINES) kept.shift();
      log(`[${name}] ${line}`);
      for (const listener of listeners) listener(line);
    });
    const signal = (sig: NodeJS.Signals) => {
      if (!state.running || !state.pid) return;
      try {
        process.kill(-state.pid, sig);
      } catch {
        try {
          process.kill(state.pid, sig);
        } catch {
          // Gone meanwhile.
        }
      }
    };
    const program: Supervised = {
      name,
      get pid() {
        return state.pid;
      },
      get exited() {
        return state.exited;
      },
      running: () => state.running,
      onLine: (listener) => listeners.push(listener),
      lastLines: (count = 15) =>
        kept
          .slice(-count)
          .map((line) => `  ${line}`)
          .join('\n'),
      signal,
      async start() {
        if (state.running) return;
        state.running = true;
        await call('startProcess', name, false).catch((error: unknown) => {
          // Started again by supervisord meanwhile (after a death): what was asked.
          if (/ALREADY_STARTED/.test((error as Error).message)) return;
          state.running = false;
          throw error;
        });
      },
      async stop(sig) {
        // Killed outright, as a crash would: supervisord starts it again.
        if (sig === 'SIGKILL') {
          const exited = state.exited;
          signal('SIGKILL');
          return exited;
        }
        // This run's end, as supervisord's line reports it (which may come just after its answer).
        const ended = state.running ? state.exited : undefined;
        await call('stopProcess', name, true).catch((error: unknown) => {
          if (!/NOT_RUNNING/.test((error as Error).message)) throw error;
        });
        const exit =
          ended && (await Promise.race([ended, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000).unref())]));
        tail.flush();
        state.running = false;
        return exit ?? { code: 0, signal: null };
      },
      restarts: () => Math.max(0, state.starts - 1),
    };
    supervised.set(name, program);
    return program;
  };
  for (const p of programs) make(p.name);

  const onSupervisorLine = (line: string) => {
    const spawned = /spawned: '([^']+)' with pid (\d+)/.exec(line);
    const ended = /(?:exited|stopped): (\S+) \((.*)\)$/.exec(line) ?? /(?:gave up|spawnerr): (\S+)/.exec(line);
    const name = spawned?.[1] ?? ended?.[1];
    const state = name ? states.get(name) : undefined;
    if (!state || !name) return;
    if (spawned) {
      state.pid = Number(spawned[2]);
      state.running = true;
      state.starts += 1;
      if (state.starts > 1) log(`[cluster] ${name} started again by the supervisor (restart ${state.starts - 1}, pid ${state.pid})`);
      return;
    }
    const exit = parseExit(ended?.[2] ?? '');
    // What it left behind in its process group (nginx's workers, PostgreSQL's backends) would hold
    // its port or its shared memory, and its restart, about a second later, would fail on them.
    if (/not expected/.test(line) && state.pid) {
      try {
        process.kill(-state.pid, 'SIGKILL');
      } catch {
        // Nothing left.
      }
    }
    state.exit = exit;
    state.running = false;
    state.settle?.(exit);
    fresh(state);
    if (/not expected/.test(line)) {
      const program = supervised.get(name)!;
      // Its last words come first: the log file may hold lines not read yet.
      const message = `${name} stopped unexpectedly (${describeExit(exit)}); the supervisor starts it again:\n${program.lastLines()}`;
      log(`[cluster] ${message}`);
      options.onDeath?.(name, message);
    }
  };
  const proc = spawnPrefixed({
    name: 'supervisor',
    command: options.supervisord,
    args: ['-n', '-c', files.config],
    // Its lines as they happen, not when a buffer fills.
    env: { ...options.env, PYTHONUNBUFFERED: '1' },
    log: (line) => {
      const shown = worthShowing(line.replace(/^\[supervisor\] /, ''));
      if (shown) log(`[supervisor] ${shown}`);
    },
  });
  proc.onLine(onSupervisorLine);

  const end = Date.now() + 20_000;
  for (;;) {
    if (!proc.running()) throw new Error(`supervisord stopped while starting:\n${proc.lastLines()}`);
    if (
      await call('getState').then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > end) {
      await proc.stop('SIGTERM', 5_000);
      throw new Error(`supervisord did not answer on ${files.socket} within 20 s:\n${proc.lastLines()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    proc,
    program: (name) => {
      const found = supervised.get(name);
      if (!found) throw new Error(`no program named ${name} under the supervisor`);
      return found;
    },
    async replace(program) {
      programs = programs.map((p) => (p.name === program.name ? program : p));
      await writeConfig();
      await call('stopProcess', program.name, true).catch(() => undefined);
      await call('reloadConfig');
      await call('removeProcessGroup', program.name);
      await call('addProcessGroup', program.name);
    },
    async shutdown() {
      if (!proc.running()) return;
      await call('shutdown').catch(() => undefined);
      await proc.stop('SIGTERM', 30_000);
    },
  };
};
