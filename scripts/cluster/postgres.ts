/**
 * The cluster's private PostgreSQL: one data folder under DATA_DIR/cluster/pg (initdb on the
 * first run only), its unix socket in DATA_DIR/cluster/run, TCP on 127.0.0.1 with a password
 * (kept in secrets.json). Run as the `postgres` user when we are root (initdb refuses root),
 * directly otherwise, under the cluster's supervisor (supervisor.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type Component, runToEnd } from './processes.ts';
import type { Program } from './supervisor-config.ts';
import type { Supervised } from './supervisor.ts';

export type ClusterPostgres = { url: string; port: number; program: Program };

export type PreparePostgresOptions = {
  pgBin: string;
  clusterDir: string;
  port: number;
  password: string;
  log: (line: string) => void;
  /** Where initdb's chatter goes (it is long). */
  quiet?: (line: string) => void;
};

const NAME = 'postgres';

const postgresUser = (): { uid: number; gid: number } => {
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [uid, gid] = [id('-u'), id('-g')];
  if (uid.status !== 0 || gid.status !== 0)
    throw new Error('running as root and there is no `postgres` user to run PostgreSQL as (apt-get install -y postgresql creates it)');
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
};

/** The first folder above `dir` that PostgreSQL's user may not pass through (root's private home, a 700 temp dir). */
const closedAncestor = async (dir: string, owner: { uid: number; gid: number }): Promise<string | undefined> => {
  const chain: string[] = [];
  for (let at = path.dirname(dir); ; at = path.dirname(at)) {
    chain.unshift(at);
    if (at === path.dirname(at)) break;
  }
  for (const folder of chain) {
    const { mode, uid, gid } = await stat(folder);
    const bit = uid === owner.uid ? 0o100 : gid === owner.gid ? 0o010 : 0o001;
    if ((mode & bit) === 0) return folder;
  }
  return undefined;
};

const waitConnectable = async (url: string, proc: Component, timeoutMs = 30_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (!proc.running()) throw new Error(`PostgreSQL stopped while starting:\n${proc.lastLines()}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > end)
        throw new Error(
          `PostgreSQL did not accept connections within ${timeoutMs / 1000} s (${(error as Error).message}):\n${proc.lastLines()}`,
        );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/**
 * The data folder made (initdb on the first run), and PostgreSQL as the supervisor runs it: as the
 * `postgres` user when we are root, stopped by SIGINT (fast shutdown: sessions end, nothing
 * committed is lost).
 */
export const preparePostgres = async ({
  pgBin,
  clusterDir,
  port,
  password,
  log,
  quiet = () => undefined,
}: PreparePostgresOptions): Promise<ClusterPostgres> => {
  const data = path.join(clusterDir, 'pg');
  const socketDir = path.join(clusterDir, 'run');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresUser() : undefined;
  await mkdir(socketDir, { recursive: true, mode: 0o700 });
  if (owner) {
    const closed = await closedAncestor(socketDir, owner);
    if (closed)
      throw new Error(
        `PostgreSQL runs as the postgres user, which cannot pass through ${closed}: allow it (chmod o+x ${closed}) or choose a DATA_DIR outside it.`,
      );
    await chown(socketDir, owner.uid, owner.gid);
  }
  const command = (tool: string, args: string[]) =>
    asRoot
      ? { command: 'runuser', args: ['-u', 'postgres', '--', path.join(pgBin, tool), ...args] }
      : { command: path.join(pgBin, tool), args };

  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    log(`[${NAME}] first run: initdb ${data}`);
    await rm(data, { recursive: true, force: true });
    await mkdir(data, { recursive: true, mode: 0o700 });
    const pwfile = path.join(socketDir, 'initdb-password');
    await writeFile(pwfile, password, { mode: 0o600 });
    if (owner) await Promise.all([chown(data, owner.uid, owner.gid), chown(pwfile, owner.uid, owner.gid)]);
    try {
      // Socket: trust (the folder is the server owner's alone); TCP: the password.
      await runToEnd({
        name: NAME,
        ...command('initdb', [
          '-D',
          data,
          '-U',
          'postgres',
          `--pwfile=${pwfile}`,
          '--auth-local=trust',
          '--auth-host=scram-sha-256',
          '-E',
          'UTF8',
          '--locale=C',
        ]),
        log: quiet,
      });
    } catch (error) {
      // A half-made folder would pass the PG_VERSION check next time only by luck: start afresh.
      await rm(data, { recursive: true, force: true });
      throw error;
    } finally {
      await rm(pwfile, { force: true });
    }
  }
  const settings = [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    socketDir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'max_connections=200',
    '-c',
    'logging_collector=off',
  ];
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const program: Program = {
    name: NAME,
    command: path.join(pgBin, 'postgres'),
    args: settings,
    user: owner ? 'postgres' : undefined,
    stopSignal: 'INT',
    stopWaitSecs: 30,
    startSecs: 2,
  };
  return { url, port, program };
};

/** Starts the supervised PostgreSQL and waits until it takes connections. */
export const startPostgres = async (pg: ClusterPostgres, proc: Supervised, log: (line: string) => void): Promise<void> => {
  await proc.start();
  try {
    await waitConnectable(pg.url, proc);
  } catch (error) {
    await stopPostgres(proc, log);
    throw error;
  }
};

/** Fast shutdown, waited for: what pg_ctl stop -m fast does, through the supervisor (which would restart it otherwise). */
export const stopPostgres = async (proc: Supervised, log: (line: string) => void): Promise<void> => {
  const exit = await proc.stop();
  if (exit.code === 0 || exit.signal === 'SIGINT') log(`[${NAME}] server stopped`);
};
