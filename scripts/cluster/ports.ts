/**
 * Loopback ports for the cluster's parts, and proof of who holds one.
 *
 * A port is chosen before the part that will listen on it starts, so for a few seconds nobody
 * holds it. The kernel hands out port 0 from its ephemeral range, where every other server
 * started on port 0 (a test's API, a bench's shop) and every outgoing connection take theirs,
 * so a chosen port could be taken in those seconds. Our part would then fail to listen, and a
 * check that only asked "does something answer on that port?" would take the stranger for it:
 * a BFF would send its calls, signed with this cluster's secret, to another shop's API.
 * So ports come from below the ephemeral range, and readiness asks which process holds the port.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import net from 'node:net';

/** Below this, ports are named services' and need no special care: the band starts here. */
const LOWEST = 20_000;
const given = new Set<number>();

const ephemeralLow = async (): Promise<number | undefined> => {
  try {
    const [low] = (await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')).trim().split(/\s+/).map(Number);
    return Number.isInteger(low) ? low : undefined;
  } catch {
    return undefined;
  }
};

/** Listens on 127.0.0.1:`port` (0: the kernel's pick) and lets go; the port it held, or undefined if taken. */
const probe = (port: number): Promise<number | undefined> =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const held = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(held));
    });
  });

/**
 * A loopback port nobody listens on now, from below the kernel's ephemeral range (at random,
 * never the same twice in one process), or the kernel's pick where that range cannot be read.
 */
export const freePort = async (): Promise<number> => {
  const high = await ephemeralLow();
  if (high !== undefined && high - LOWEST >= 1_000) {
    for (let tries = 0; tries < 50; tries += 1) {
      const port = LOWEST + Math.floor(Math.random() * (high - LOWEST));
      if (given.has(port) || (await probe(port)) === undefined) continue;
      given.add(port);
      return port;
    }
  }
  const port = await probe(0);
  if (port === undefined) throw new Error('no free loopback port');
  return port;
};

const LISTEN = '0A';

/** The socket inodes listening on `port` in /proc/net/tcp and tcp6. */
const listeningInodes = async (port: number): Promise<Set<string>> => {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === LISTEN && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
};

/**
 * Whether process `pid` itself listens on `port`: one of its open files is a socket listening
 * there. Undefined where /proc cannot say (not Linux): then the caller can only ask the port.
 */
export const holdsPort = async (pid: number, port: number): Promise<boolean | undefined> => {
  let fds: string[];
  try {
    fds = await readdir(`/proc/${pid}/fd`);
  } catch (error) {
    // Gone (or never there): it holds nothing. No /proc at all: nobody can tell.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' &&
      (await readdir('/proc/self/fd').then(
        () => true,
        () => false,
      ))
      ? false
      : undefined;
  }
  const inodes = await listeningInodes(port);
  if (inodes.size === 0) return false;
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && inodes.has(inode)) return true;
  }
  return false;
};

/** Tries at a port another program took between its choice and its use. */
const PORT_TRIES = 3;

/**
 * Starts a part on its chosen port and, when `taken(error)` says another program had taken
 * that port meanwhile, moves it to a fresh one (`move`) and starts it again: at most
 * PORT_TRIES in all. Only where nothing names the port yet (a first start).
 */
export const startOnFreePort = async <T>(
  start: () => Promise<T>,
  { taken, move }: { taken: (error: unknown) => boolean; move: (port: number) => void | Promise<void> },
): Promise<T> => {
  for (let tries = 1; ; tries += 1) {
    try {
      return await start();
    } catch (error) {
      if (tries === PORT_TRIES || !taken(error)) throw error;
      await move(await freePort());
    }
  }
};
