import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CACHE_DIR } from '../../api/testing/cache-dir.ts';
import { type RunningCluster, startCluster } from './cluster.ts';
import { findTools } from './tools.ts';

// The real topology from Debian's packages: PostgreSQL, Redis, api-1, api-2, bff-1, bff-2 and
// nginx, in a temp DATA_DIR, on free loopback ports. CI installs the packages (.ci/run).
const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const status = async (url: string): Promise<number> => {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer();
  return res.status;
};

describe.skipIf(!findTools().ok)('npm run start:cluster, started through startCluster()', () => {
  let dataDir: string;
  let cluster: RunningCluster | undefined;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-cluster-'));
    // PostgreSQL's own user (when we are root) must pass through to DATA_DIR/cluster/pg.
    await chmod(dataDir, 0o711);
    // build: a missing or stale client is built first, as npm start does (GET / needs it).
    // NODE_ENV as npm run start:cluster runs by default (vitest's `test` is not the shop's).
    const env = { ...process.env, NODE_ENV: 'development', DEMO_POOL_CACHE: TEST_CACHE_DIR };
    cluster = await startCluster({ dataDir, port: 0, apis: 2, bffs: 2, seed: 'demo', env, log: (line) => lines.push(line) });
  }, 600_000);

  afterAll(async () => {
    await cluster?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('when every component is up, then each said so on a line of its own', () => {
    for (const name of ['postgres', 'redis', 'api-1', 'api-2', 'bff-1', 'bff-2'])
      expect(lines.some((l) => l.startsWith(`[${name}] ready`))).toBe(true);
    expect(lines.some((l) => l.startsWith('[nginx] public at '))).toBe(true);
    expect(Object.keys(cluster!.instances).sort()).toEqual(['api-1', 'api-2', 'bff-1', 'bff-2']);
  });

  it('when a shopper opens the shop through the public port, then the page and the product list answer 200', async () => {
    expect(await status(`${cluster!.url}/`)).toBe(200);
    const res = await fetch(`${cluster!.url}/api/products`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items?: unknown[] } | unknown[];
    // The demo seed ran once, before the instances took traffic.
    expect(JSON.stringify(body)).toContain('"price"');
  });

  it('when anyone asks the public port for /readyz or /healthz, then it answers 404 (they are for the balancer)', async () => {
    for (const path of ['/readyz', '/healthz', '/READYZ', '/readyz/', '//readyz', '/Healthz/?x=1', '/%72eadyz', '/./readyz']) {
      expect(await status(`${cluster!.url}${path}`), path).toBe(404);
    }
  });

  it('when one API instance is killed, then both BFFs still reach the other through the internal upstream, and it comes back', async () => {
    await cluster!.stopInstance('api-1', 'SIGKILL');
    for (let i = 0; i < 8; i += 1) expect(await status(`${cluster!.url}/api/products`)).toBe(200);
    await cluster!.startInstance('api-1');
    expect(await status(`${cluster!.instances['api-1']}/healthz`)).toBe(200);
  }, 120_000);

  it('when the cluster is stopped, then no component is left running and the public port is closed', async () => {
    const pids = cluster!.pids();
    const { url } = cluster!;
    expect(Object.keys(pids).sort()).toEqual(['api-1', 'api-2', 'bff-1', 'bff-2', 'nginx', 'postgres', 'redis']);
    await cluster!.stop();
    cluster = undefined;
    expect(Object.entries(pids).filter(([, pid]) => alive(pid))).toEqual([]);
    await expect(fetch(url)).rejects.toThrow();
    // PostgreSQL itself (a child of runuser when root) is gone too: its socket file was removed.
    expect(lines.some((l) => l.includes('server stopped'))).toBe(true);
  }, 120_000);
});
