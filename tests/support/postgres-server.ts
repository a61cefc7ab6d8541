/**
 * A private PostgreSQL server for one test file or bench: initdb in a temp dir, listening on a
 * free loopback port, never a shared server (CI's, a developer's). The server is a child of this
 * process, as the `postgres` user when this runs as root (initdb and postgres refuse root), so
 * crash() can kill it as a power cut would and restart() start it again on the same folder and
 * port, where it recovers from its WAL. Linux: crash() finds the server's processes in /proc.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './redis-server.ts';

export type PostgresServer = {
  /** The admin URL (user postgres, database postgres; trusted, no password). */
  url: string;
  /** What the server printed since it last started. */
  log(): string;
  /** SIGKILLs the server and every process it started, all at once: nothing gets to shut down. Resolves once all are dead. */
  crash(): Promise<void>;
  /** Starts it again on the same folder and port; resolves once it accepts connections. */
  restart(): Promise<void>;
  /** A fast shutdown (sessions end, nothing committed is lost), then the folder removed. */
  stop(): Promise<void>;
};

const BIN_DIRS = ['/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin', '/usr/local/bin', '/usr/bin'];
const READY = 'database system is ready to accept connections';

/** The folder holding initdb and postgres, or why there is none. */
export const postgresBin = (): string | { missing: string } => {
  const found = BIN_DIRS.find((dir) => ['initdb', 'postgres'].every((name) => existsSync(path.join(dir, name))));
  return found ?? { missing: `no initdb and postgres in ${BIN_DIRS.join(', ')} (apt-get install postgresql)` };
};

/** The `postgres` user's ids when this runs as root; nothing to switch to otherwise. */
const serverUser = (): { uid: number; gid: number } | undefined => {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [uid, gid] = [id('-u'), id('-g')];
  if (uid.status !== 0 || gid.status !== 0) throw new Error('running as root and there is no postgres user to run the server as');
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
};

/** /proc/PID/stat's state and parent (the name, field 2, may hold spaces and parentheses). */
const procStat = (pid: number): { state: string; ppid: number } | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: state ?? '', ppid: Number(ppid) };
  } catch {
    return undefined;
  }
};

const childrenOf = (pid: number): number[] =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((entry) => procStat(entry)?.ppid === pid);

/** Gone, or a zombie its new parent has yet to reap: either way it holds no memory and no files. */
const dead = (pid: number): boolean => {
  const stat = procStat(pid);
  return stat === undefined || stat.state === 'Z';
};

const until = async (done: () => boolean, what: string, timeoutMs = 30_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

export const startPostgresServer = async (): Promise<PostgresServer> => {
  const bin = postgresBin();
  if (typeof bin !== 'string') throw new Error(bin.missing);
  const user = serverUser();
  const dir = await mkdtemp(path.join(tmpdir(), 'statefront-pg-'));
  // The socket goes in here too, so the server's user must own it.
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  // A throwaway server: initdb need not wait for the disk.
  const initdb = spawnSync(path.join(bin, 'initdb'), ['-D', data, '--auth=trust', '-U', 'postgres', '--no-sync'], {
    encoding: 'utf8',
    ...user,
  });
  if (initdb.status !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${initdb.stderr || initdb.stdout || initdb.error?.message}`);
  }

  let server: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let output = '';
  const start = () =>
    new Promise<void>((resolve, reject) => {
      output = '';
      const child = spawn(path.join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        ...user,
      });
      server = child;
      exited = new Promise((settle) => child.once('exit', () => settle()));
      const take = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(READY)) resolve();
      };
      child.stdout?.on('data', take);
      child.stderr?.on('data', take);
      child.once('error', reject);
      void exited.then(() => reject(new Error(`postgres exited before it was ready:\n${output}`)));
    });

  const crash = async () => {
    const postmaster = server?.pid;
    if (postmaster === undefined || dead(postmaster)) return;
    // Stopped first, it starts no process while its own are listed; then all die in one go.
    process.kill(postmaster, 'SIGSTOP');
    const all = [postmaster, ...childrenOf(postmaster)];
    for (const pid of all) process.kill(pid, 'SIGKILL');
    await exited;
    await until(() => all.every(dead), "the server's processes are dead");
  };

  try {
    await start();
  } catch (error) {
    await crash();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    log: () => output,
    crash,
    restart: start,
    async stop() {
      try {
        if (server && !dead(server.pid ?? 0)) {
          // SIGINT: PostgreSQL's fast shutdown.
          server.kill('SIGINT');
          const killer = setTimeout(() => void crash(), 15_000);
          await exited;
          clearTimeout(killer);
        }
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
};
