import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CACHE_DIR } from '../../api/testing/cache-dir.ts';
import type { Product, ProductListResponse } from '#contracts/product.ts';
import { faultCases } from '../../tests/cluster/support/fault-cases.ts';
import { cachedAnswer, rawHit } from '../../tests/cluster/support/nginx-cache.ts';
import { inTerminal, processTree, stillRunning } from '../testing/terminal.ts';
import { type RunningCluster, startCluster } from './cluster.ts';
import { findTools } from './tools.ts';
import { parse } from 'yaml';
import { sample } from '../../tests/support/metrics-text.ts';

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

const MAX_AGE = 1;

/** PostgreSQL's own record of how it last stopped (pg_controldata): `shut down` after a clean stop, `in production` after a crash. */
const pgClusterState = (dataDir: string): string | undefined => {
  const found = findTools();
  if (!found.ok) return undefined;
  const control = spawnSync(path.join(found.tools.pgBin, 'pg_controldata'), [path.join(dataDir, 'cluster/pg')], {
    encoding: 'utf8',
    env: { ...process.env, LC_ALL: 'C' },
  });
  return /^Database cluster state:\s+(.+)$/m.exec(control.stdout)?.[1];
};

describe.skipIf(!findTools().ok)('npm run start:cluster, started through startCluster()', () => {
  let dataDir: string;
  let cluster: RunningCluster | undefined;
  const lines: string[] = [];
  // The base environment the cluster's instances get (set in beforeAll).
  let env: NodeJS.ProcessEnv = {};
  // What npm run start:cluster started, killed after a failed stop so that it does not outlive the file.
  let launched: number[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-cluster-'));
    // PostgreSQL's own user (when we are root) must pass through to DATA_DIR/cluster/pg.
    await chmod(dataDir, 0o711);
    // build: a missing or stale client is built first, as npm start does (GET / needs it).
    // NODE_ENV as npm run start:cluster runs by default (vitest's `test` is not the shop's).
    // A one-second catalogue lifetime, so the change-within-lifetime test waits two seconds.
    env = { ...process.env, NODE_ENV: 'development', DEMO_POOL_CACHE: TEST_CACHE_DIR, CATALOGUE_MAX_AGE_SECONDS: String(MAX_AGE) };
    cluster = await startCluster({
      dataDir,
      port: 0,
      apis: 2,
      bffs: 2,
      seed: 'demo',
      env,
      log: (line) => lines.push(line),
      systemdUnits: path.join(dataDir, 'units'),
    });
  }, 600_000);

  afterAll(async () => {
    await cluster?.stop();
    for (const pid of await stillRunning(launched)) process.kill(pid, 'SIGKILL');
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

  it('when guests ask catalogue calls and pages again, then nginx answers from its cache with the catalogue rule', async () => {
    const { products } = (await (await fetch(`${cluster!.url}/api/products`)).json()) as ProductListResponse;
    for (const path of [
      '/api/products?pageNum=1',
      '/api/products/bestsellers',
      '/api/categories',
      `/api/products/get-one/${products[0]!._id}`,
      '/',
      `/product-details/${products[0]!._id}`,
    ]) {
      const hit = await cachedAnswer(cluster!.url + path);
      expect(hit?.headers.get('cache-control'), path).toBe(`public, max-age=${MAX_AGE}, stale-while-revalidate=60`);
      expect(hit?.headers.get('set-cookie'), path).toBeNull();
    }
  });

  it('when guests ask in br, gzip, other spellings of them or no coding, then each gets one it accepts, from a copy nginx keeps per coding', async () => {
    const url = `${cluster!.url}/api/products?pageNum=1`;
    const plain = await rawHit(url, undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const products = JSON.parse(plain.body.toString('utf8')) as ProductListResponse;
    expect(products.products.length).toBeGreaterThan(0);
    for (const [sent, coding] of [
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['BR;q=0.5, gzip', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.0, br;q=0', undefined],
      ['deflate', undefined],
      ['identity', undefined],
    ] as const) {
      const hit = await rawHit(url, sent);
      expect(hit.headers['content-encoding'], sent).toBe(coding);
      const body = coding === 'br' ? brotliDecompressSync(hit.body) : coding === 'gzip' ? gunzipSync(hit.body) : hit.body;
      expect(JSON.parse(body.toString('utf8')), sent).toEqual(products);
      // What a browser's cache and any cache after nginx need to know is still said.
      expect(hit.headers.vary, sent).toMatch(/accept-encoding/i);
    }
  });

  it('when a request carries a session cookie, then nginx neither answers it from its cache nor keeps its answer, and it is private, no-cache', async () => {
    const login = await fetch(`${cluster!.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1' },
      body: JSON.stringify({ email: 'john@doe.com', password: 'john@doe.com' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await cachedAnswer(`${cluster!.url}/api/products/bestsellers`);
    for (const path of ['/api/products/bestsellers', '/']) {
      const res = await fetch(cluster!.url + path, { headers: { cookie } });
      expect(res.headers.get('x-cache-status'), path).toBe('BYPASS');
      expect(res.headers.get('cache-control'), path).toBe('private, no-cache');
    }
  });

  it('when a price and a stock count change, then after CATALOGUE_MAX_AGE_SECONDS + 1 s nginx serves no old one', async () => {
    const { products } = (await (await fetch(`${cluster!.url}/api/products`)).json()) as ProductListResponse;
    const id = products[0]!._id;
    const details = `${cluster!.url}/api/products/get-one/${id}`;
    const list = `${cluster!.url}/api/products`;
    expect(await cachedAnswer(details)).toBeDefined();
    expect(await cachedAnswer(list)).toBeDefined();
    const db = new pg.Client({ connectionString: cluster!.databaseUrl });
    await db.connect();
    try {
      await db.query('update products set price_cents = 123456, count = 77 where id = $1', [id]);
    } finally {
      await db.end();
    }
    const changed = Date.now();
    await sleep(changed + (MAX_AGE + 1) * 1000 - Date.now());
    const product = (await (await fetch(details)).json()) as Product;
    expect([product.price, product.count]).toEqual([1234.56, 77]);
    const listed = ((await (await fetch(list)).json()) as ProductListResponse).products.find((p) => p._id === id);
    expect([listed?.price, listed?.count]).toEqual([1234.56, 77]);
  });

  it("when Prometheus reads DATA_DIR/cluster/prometheus.yml, then it names every instance's loopback port, and each answers /metrics to the kept token, labelled with its process", async () => {
    const config = parse(await readFile(path.join(dataDir, 'cluster', 'prometheus.yml'), 'utf8')) as {
      scrape_configs: {
        authorization: { credentials_file: string };
        static_configs: { targets: string[]; labels: { instance: string; kind: string } }[];
      }[];
    };
    const [job] = config.scrape_configs;
    const token = (await readFile(job!.authorization.credentials_file, 'utf8')).trim();
    expect(job!.static_configs.map((c) => c.labels.instance).sort()).toEqual(Object.keys(cluster!.instances).sort());
    for (const { targets, labels } of job!.static_configs) {
      expect(`http://${targets[0]}`).toBe(cluster!.instances[labels.instance]);
      const answer = await fetch(`http://${targets[0]}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status, labels.instance).toBe(200);
      expect(sample(await answer.text(), 'process_resident_memory_bytes', { process: labels.kind })).toBeGreaterThan(0);
    }
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

  // On this cluster, started anyway: killed instances and services, under load.
  faultCases(() => cluster!);

  it('when the supervisor started dead components again, then each death and each restart was logged, with its count', () => {
    for (const name of ['bff-1', 'redis', 'postgres']) {
      expect(
        lines.some((l) => l.startsWith(`[cluster] ${name} stopped unexpectedly (killed by SIGKILL); the supervisor starts it again`)),
      ).toBe(true);
      expect(lines.some((l) => l.startsWith(`[cluster] ${name} started again by the supervisor (restart 1,`))).toBe(true);
    }
  });

  it.skipIf(!existsSync('/usr/bin/systemd-analyze'))(
    'when asked for systemd units, then they name these programs and systemd-analyze finds nothing wrong',
    () => {
      const units = readdirSync(path.join(dataDir, 'units')).filter((name) => !name.endsWith('.env'));
      expect(units.sort()).toEqual([
        ...['api-1', 'api-2', 'bff-1', 'bff-2', 'nginx', 'postgres', 'redis'].map((n) => `statefront-${n}.service`),
        'statefront.target',
      ]);
      const verify = spawnSync('systemd-analyze', ['verify', ...units.map((name) => path.join(dataDir, 'units', name))], {
        encoding: 'utf8',
      });
      expect(verify.stderr + verify.stdout).toBe('');
    },
  );

  it('when the cluster is stopped, then no component is left running and the public port is closed', async () => {
    const pids = cluster!.pids();
    const { url } = cluster!;
    expect(Object.keys(pids).sort()).toEqual(['api-1', 'api-2', 'bff-1', 'bff-2', 'nginx', 'postgres', 'redis', 'supervisor']);
    await cluster!.stop();
    cluster = undefined;
    expect(Object.entries(pids).filter(([, pid]) => alive(pid))).toEqual([]);
    await expect(fetch(url)).rejects.toThrow();
    // PostgreSQL itself (a child of runuser when root) is gone too: its socket file was removed.
    expect(lines.some((l) => l.includes('server stopped'))).toBe(true);
  }, 120_000);

  /**
   * `npm run start:cluster` as typed at a terminal, on the same DATA_DIR (made and seeded above,
   * so it starts in seconds), one API and one BFF; stopped by `stop`, it must stop in order, once,
   * leave no process behind and PostgreSQL shut down cleanly (no crash recovery at the next start).
   */
  const launcherStopsInOrder = async (signal: NodeJS.Signals, stop: (launcher: ReturnType<typeof inTerminal>) => Promise<void>) => {
    // The data folder is the launcher's alone now.
    await cluster?.stop();
    cluster = undefined;
    const launcher = inTerminal('npm run start:cluster', {
      cwd: process.cwd(),
      env: { ...env, DATA_DIR: dataDir, PORT: '0', CLUSTER_APIS: '1', CLUSTER_BFFS: '1', npm_config_update_notifier: 'false' },
    });
    const [, url] = await launcher.waitFor(/Statefront cluster at (http:\S+)/);
    // The previous stop was clean: PostgreSQL did not recover from a crash.
    expect(launcher.output()).toMatch(/\[postgres\] .*database system was shut down at/);
    expect(launcher.output()).not.toMatch(/database system was interrupted|automatic recovery/);
    expect(await status(`${url}/api/categories`)).toBe(200);
    const processes = (launched = await processTree(await launcher.pid()));
    await stop(launcher);
    expect(await launcher.exited).toBe(0);
    const out = launcher.output();
    expect(out).toContain(`${signal}: stopping in order`);
    expect(out).not.toMatch(/again: killing/);
    const stopped = out.slice(out.indexOf(`${signal}: stopping`));
    const order = [
      /\[nginx\] public port \d+ closed/,
      /\[bff-1\] SIGTERM: finishing open requests/,
      /\[api-1\] SIGTERM: finishing open requests/,
      /\[redis\] .*User requested shutdown/,
      /\[postgres\] .*received fast shutdown request/,
      /\[postgres\] server stopped/,
      /\[cluster\] stopped/,
    ].map((line) => stopped.search(line));
    expect(
      order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!)),
      stopped,
    ).toBe(true);
    expect(await stillRunning(processes)).toEqual([]);
    expect(pgClusterState(dataDir)).toBe('shut down');
  };

  it('when npm run start:cluster gets one Ctrl+C at its terminal, then it stops every component in order, PostgreSQL cleanly, and leaves none running', async () => {
    await launcherStopsInOrder('SIGINT', async (launcher) => launcher.type('\x03'));
  }, 180_000);

  it('when the npm process of npm run start:cluster gets SIGTERM (a service manager, docker stop), then it stops every component in order and leaves none running', async () => {
    await launcherStopsInOrder('SIGTERM', async (launcher) => void process.kill(await launcher.pid(), 'SIGTERM'));
  }, 180_000);
});
