/**
 * A private PostgreSQL server for a bench that needs one (bench/product-list.ts): initdb in a
 * temp dir, listening on a free loopback port, stopped and removed by stop(). Started as the
 * `postgres` user when this runs as root (initdb refuses root), as .ci/run does.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync } from 'node:fs';
import path from 'node:path';
import { freePort, removeDir, tempDir } from './processes.ts';

export type PrivatePostgres = { url: string; stop(): Promise<void> };

const BIN_DIRS = ['/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin', '/usr/local/bin', '/usr/bin'];

/** The folder holding initdb, pg_ctl and postgres, or why there is none. */
export const postgresBin = (): string | { missing: string } => {
  const found = BIN_DIRS.find((dir) => ['initdb', 'pg_ctl', 'postgres'].every((name) => existsSync(path.join(dir, name))));
  return found ?? { missing: `no initdb/pg_ctl/postgres in ${BIN_DIRS.join(', ')} (apt-get install postgresql)` };
};

const uid = (name: string): number | undefined => {
  const out = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  return out.status === 0 ? Number(out.stdout.trim()) : undefined;
};

export const startPostgres = async (): Promise<PrivatePostgres> => {
  const bin = postgresBin();
  if (typeof bin !== 'string') throw new Error(bin.missing);
  const dir = await tempDir('pg');
  const asRoot = process.getuid?.() === 0;
  const postgresUid = asRoot ? uid('postgres') : undefined;
  if (asRoot && postgresUid === undefined) throw new Error('running as root and there is no postgres user to run the server as');
  if (postgresUid !== undefined) chownSync(dir, postgresUid, postgresUid);
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    const out = spawnSync(file, argv, { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`${command} failed: ${out.stderr || out.stdout}`);
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  try {
    run('initdb', ['-D', data, '--auth=trust', '-U', 'postgres']);
    run('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', path.join(dir, 'log'), '-w', 'start']);
  } catch (error) {
    await removeDir(dir);
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
      } finally {
        await removeDir(dir);
      }
    },
  };
};
