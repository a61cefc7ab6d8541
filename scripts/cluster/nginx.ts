/**
 * The balancer: writes DATA_DIR/cluster/nginx.conf, checks it with `nginx -t`, has the cluster's
 * supervisor run nginx in the foreground (`daemon off`), so its errors come out prefixed and a
 * death is seen and restarted.
 * It starts with the internal server only (the BFFs need it to become ready); `configure`
 * then opens the public port, or closes it again at shutdown, by a graceful reload (SIGHUP:
 * new workers take new connections, old ones finish theirs). Stopped with SIGQUIT. A restarted
 * nginx reads the file as last written.
 */
import { chmod, mkdir, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { edgeLimits } from '../../bff/config.ts';
import { type NginxConfigOptions, nginxConfig } from './nginx-config.ts';
import { holdsPort } from './ports.ts';
import { type Component, runToEnd } from './processes.ts';
import type { Program } from './supervisor-config.ts';
import type { Supervised } from './supervisor.ts';

export type ClusterNginx = {
  proc: Component;
  configFile: string;
  /** Writes, checks and loads a new configuration; resolves once its public port is open (or closed, without one). */
  configure(options: NginxConfigOptions): Promise<void>;
  stop(): Promise<void>;
};

const NAME = 'nginx';

/**
 * Whether nginx's workers may read `dir`: started by root, nginx runs them as `nobody`, who
 * needs every folder on the way searchable by others and `dir` listable; started by anyone
 * else, they run as that user. (A file in it is written 0644 under the usual umask.)
 */
export const workersMayRead = async (dir: string, uid = process.getuid?.()): Promise<boolean> => {
  if (uid !== 0) return true;
  const target = path.resolve(dir);
  try {
    if (((await stat(target)).mode & 0o005) !== 0o005) return false;
    for (let up = path.dirname(target); ; up = path.dirname(up)) {
      if (((await stat(up)).mode & 0o001) === 0) return false;
      if (up === path.dirname(up)) return true;
    }
  } catch {
    return false;
  }
};

/**
 * What the edge takes from the instances' own settings: the limits on slow clients and the
 * guests' catalogue limit (the BFFs' variables in `env`), and whether nginx answers
 * DATA_DIR/images itself (its workers may read it) or sends images through the BFFs.
 */
export const edgeOptions = async (
  dataDir: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<Pick<NginxConfigOptions, 'slow' | 'imagesRoot' | 'catalogueLimitPerMinute'>> => {
  const { HEADERS_TIMEOUT_SECONDS, CONNECTIONS_PER_ADDRESS, API_GUEST_LIMIT_PER_MINUTE } = edgeLimits(env);
  const imagesDir = path.join(dataDir, 'images');
  await mkdir(imagesDir, { recursive: true });
  const imagesRoot = (await workersMayRead(imagesDir)) ? dataDir : undefined;
  if (!imagesRoot) log(`[nginx] ${imagesDir} is not readable by nginx's workers (nobody): images go through the BFFs`);
  return {
    slow: { headerSeconds: HEADERS_TIMEOUT_SECONDS, connectionsPerAddress: CONNECTIONS_PER_ADDRESS },
    imagesRoot,
    catalogueLimitPerMinute: API_GUEST_LIMIT_PER_MINUTE,
  };
};

const listening = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

const probeHost = (host: string) => (['0.0.0.0', '::', '*'].includes(host) ? '127.0.0.1' : host);

const waitPort = async (proc: Component, host: string, port: number, open: boolean, timeoutMs = 15_000): Promise<void> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (!proc.running()) throw new Error(`nginx stopped:\n${proc.lastLines()}`);
    // Open means nginx's own master listens there: a reload that could not bind keeps running
    // the old configuration, and a stranger on the port would answer a mere connect (ports.ts).
    const held = open ? await holdsPort(proc.pid, port) : undefined;
    if ((held ?? (await listening(probeHost(host), port))) === open) return;
    if (Date.now() > end)
      throw new Error(`nginx did not ${open ? 'open' : 'close'} ${host}:${port} within ${timeoutMs / 1000} s:\n${proc.lastLines()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const nginxArgs = (dir: string, configFile = path.join(dir, 'nginx.conf')) => {
  // -e: errors to stderr from the first moment (before the file is read), not to /var/log.
  return { configFile, args: ['-e', 'stderr', '-c', configFile, '-p', `${dir}/`, '-g', 'daemon off;'] };
};

/** nginx in the foreground, as the supervisor runs it; SIGQUIT is its graceful stop. */
export const nginxProgram = (nginx: string, dir: string, configFile?: string): Program => ({
  name: NAME,
  command: nginx,
  args: nginxArgs(dir, configFile).args,
  stopSignal: 'QUIT',
  stopWaitSecs: 15,
  startSecs: 1,
});

export const startNginx = async (
  nginx: string,
  proc: Supervised,
  options: NginxConfigOptions,
  log: (line: string) => void,
): Promise<ClusterNginx> => {
  const { configFile, args } = nginxArgs(options.dir);
  const write = async (next: NginxConfigOptions) => {
    // It holds the BFFs' proxy secret: readable by this user only.
    await writeFile(configFile, nginxConfig(next), { mode: 0o600 });
    await chmod(configFile, 0o600);
    await runToEnd({ name: NAME, command: nginx, args: ['-t', '-q', ...args], log });
  };
  // nginx's workers (nobody, when started as root) pass through it to their own temp folders.
  await mkdir(path.join(options.dir, 'nginx-temp'), { recursive: true });
  await chmod(path.join(options.dir, 'nginx-temp'), 0o711);
  await write(options);
  await proc.start();
  let current = options;
  const stop = async () => {
    await proc.stop();
  };
  const configure = async (next: NginxConfigOptions) => {
    const closing = next.port === undefined ? current.port : undefined;
    await write(next);
    // The master only: it starts new workers and retires the old ones gracefully.
    process.kill(proc.pid, 'SIGHUP');
    current = next;
    if (next.port !== undefined) await waitPort(proc, next.host, next.port, true);
    if (closing !== undefined) await waitPort(proc, next.host, closing, false);
  };
  try {
    await waitPort(proc, '127.0.0.1', options.internalPort, true);
  } catch (error) {
    await proc.stop();
    throw error;
  }
  return { proc, configFile, configure, stop };
};
