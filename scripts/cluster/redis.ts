/**
 * The cluster's Redis: its folder DATA_DIR/cluster/redis, loopback on its own port, an
 * append-only file so limits, presence and chat streams survive a restart, and a password
 * (secrets.json) given on its standard input so `ps` does not show it. Stopped with
 * SHUTDOWN SAVE: a last snapshot, then exit.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from 'redis';
import { type Proc, spawnPrefixed } from './processes.ts';

export type ClusterRedis = { url: string; port: number; proc: Proc; stop(): Promise<void> };

export type StartRedisOptions = { redisServer: string; clusterDir: string; port: number; password: string; log: (line: string) => void };

const NAME = 'redis';

const waitReady = (proc: Proc, timeoutMs = 20_000): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server was not ready within ${timeoutMs / 1000} s:\n${proc.lastLines()}`)),
      timeoutMs,
    );
    const onLine = (line: string) => {
      if (!line.includes('Ready to accept connections')) return;
      clearTimeout(timer);
      resolve();
    };
    proc.onLine(onLine);
    void proc.exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`redis-server stopped while starting:\n${proc.lastLines()}`));
    });
  });

export const startRedis = async ({ redisServer, clusterDir, port, password, log }: StartRedisOptions): Promise<ClusterRedis> => {
  const dir = path.join(clusterDir, 'redis');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const args = [
    '-',
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--save',
    '300 1',
    '--protected-mode',
    'yes',
    '--daemonize',
    'no',
    '--logfile',
    '',
  ];
  const proc = spawnPrefixed({ name: NAME, command: redisServer, args, log, input: `requirepass ${password}\n` });
  const url = `redis://:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const stop = async () => {
    if (!proc.running()) return;
    const client = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 2_000 } });
    client.on('error', () => undefined);
    try {
      await client.connect();
      // The server closes the connection as it exits: no answer comes back.
      await client.sendCommand(['SHUTDOWN', 'SAVE']).catch(() => undefined);
    } catch {
      // Not reachable: the signal below still saves (append-only file) and ends it.
    }
    client.destroy();
    await proc.stop('SIGTERM', 15_000);
  };
  try {
    await waitReady(proc);
  } catch (error) {
    await proc.stop('SIGKILL');
    throw error;
  }
  return { url, port, proc, stop };
};
