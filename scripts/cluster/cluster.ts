/**
 * startCluster(): the shop at scale on one machine (docs/decisions/008-cluster.md). PostgreSQL and Redis under
 * DATA_DIR/cluster, migrations and the demo seed once (advisory locks), N API and M BFF
 * instances on private loopback ports, nginx in front: public PORT → BFFs, internal port →
 * APIs. Every one of them runs under Debian's supervisor, which starts a dead one again
 * (docs/decisions/017-supervised-cluster.md); the launcher starts them in order. The public port
 * opens only when every instance answers ready. stop() closes in order: the public port, the BFFs
 * (they drain), nginx, the APIs, Redis, PostgreSQL, then the supervisor.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensureFreshBuild, runBuild } from '../build-freshness.ts';
import { type InstanceSpec, instanceEnv, instanceProgram, instanceSpec, movePort, waitReady } from './instances.ts';
import { nginxConfig, type Peer } from './nginx-config.ts';
import { edgeOptions, nginxProgram, startNginx } from './nginx.ts';
import { freePort, startOnFreePort } from './ports.ts';
import { clusterMetricsToken, writePrometheusConfig } from './prometheus-config.ts';
import { prepareDatabase } from './prepare-database.ts';
import { preparePostgres, startPostgres, stopPostgres } from './postgres.ts';
import type { ClusterOptions, RunningCluster } from './cluster-types.ts';
import { describeExit, type Exit } from './processes.ts';
import { prepareRedis, waitRedisReady } from './redis.ts';
import { clusterSecrets } from './secrets.ts';
import { startSupervisor } from './supervisor.ts';
import { documentedNames, serviceEnv, systemdUnits, TARGET, writeUnits } from './systemd-units.ts';
import { findTools } from './tools.ts';
import { settleDataDir, settledLine } from '../../api/private-files.ts';

export type { ClusterOptions, RunningCluster } from './cluster-types.ts';

/** A missing package or a bad option: the launcher prints the message alone, without a stack. */
export class ClusterSetupError extends Error {}

const names = (kind: 'api' | 'bff', count: number) => Array.from({ length: count }, (_, i) => `${kind}-${i + 1}`);

const checkCount = (name: string, value: number) => {
  if (!Number.isInteger(value) || value < 1 || value > 8)
    throw new ClusterSetupError(`${name} must be a whole number from 1 to 8 (got ${value})`);
  return value;
};

export const startCluster = async (options: ClusterOptions): Promise<RunningCluster> => {
  const log = options.log ?? ((line: string) => console.log(line));
  const found = findTools();
  if (!found.ok) throw new ClusterSetupError(found.message);
  const { tools } = found;
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'cluster');
  const host = options.host ?? '127.0.0.1';
  const apiNames = names('api', checkCount('CLUSTER_APIS', options.apis ?? 2));
  const bffNames = names('bff', checkCount('CLUSTER_BFFS', options.bffs ?? 2));
  const base = options.env ?? process.env;
  if (options.build ?? true) {
    await ensureFreshBuild({
      root: process.cwd(),
      production: base.NODE_ENV === 'production',
      build: runBuild,
      say: (line) => log(`[build] ${line}`),
      warn: (line) => log(`[build] ${line}`),
    });
  }
  await mkdir(clusterDir, { recursive: true });
  await mkdir(path.join(dataDir, 'images'), { recursive: true });
  // Others may pass through DATA_DIR and cluster/ (PostgreSQL's user reaches its folders, nginx's
  // workers the images), not list them; everything else is the owner's alone (api/private-files.ts).
  const closed = settledLine(dataDir, await settleDataDir(dataDir));
  if (closed) log(closed);
  const secrets = await clusterSecrets(clusterDir);
  // Every instance's /metrics opens with it; Prometheus reads it from DATA_DIR/cluster/metrics-token.
  const METRICS_TOKEN = await clusterMetricsToken(clusterDir, base.METRICS_TOKEN);
  // New on every start, known only to nginx and the BFFs: what proves a request came through nginx.
  const proxySecret = randomBytes(32).toString('base64url');

  // Every program the cluster runs, under Debian's supervisor (docs/decisions/017-supervised-cluster.md).
  const pgPort = options.pgPort ?? (await freePort());
  const pgSpec = await preparePostgres({ pgBin: tools.pgBin, clusterDir, port: pgPort, password: secrets.PG_PASSWORD, log });
  const redisSpec = await prepareRedis({
    redisServer: tools.redisServer,
    clusterDir,
    port: await freePort(),
    password: secrets.REDIS_PASSWORD,
  });
  const specs = new Map<string, InstanceSpec>();
  const apiEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: pgSpec.url,
    REDIS_URL: redisSpec.url,
    SEED: 'none',
    TOKEN_SECRET: secrets.TOKEN_SECRET,
    INTERNAL_SECRET: secrets.INTERNAL_SECRET,
    METRICS_TOKEN,
  };
  for (const name of apiNames) specs.set(name, await instanceSpec('api', name, base, apiEnv));
  // Chosen now, before nginx takes it: the BFFs are told it.
  let internalPort = await freePort();
  const bffEnv = () => ({
    DATA_DIR: dataDir,
    API_URL: `http://127.0.0.1:${internalPort}`,
    REDIS_URL: redisSpec.url,
    TRUST_PROXY: 'loopback',
    TRUST_PROXY_SECRET: proxySecret,
    SESSION_SECRET: secrets.SESSION_SECRET,
    INTERNAL_SECRET: secrets.INTERNAL_SECRET,
    METRICS_TOKEN,
    // nginx caches in front: a second cache behind it would add its age to nginx's.
    CATALOGUE_CACHE_BYTES: '0',
  });
  for (const name of bffNames) specs.set(name, await instanceSpec('bff', name, base, bffEnv()));
  const programs = () => [
    pgSpec.program,
    redisSpec.program,
    ...[...specs.values()].map(instanceProgram),
    nginxProgram(tools.nginx, clusterDir),
  ];
  const supervisor = await startSupervisor({
    supervisord: tools.supervisord,
    dir: path.join(clusterDir, 'supervisor'),
    programs: programs(),
    cwd: process.cwd(),
    env: instanceEnv(base, {}),
    log,
    onDeath: (name, message) => options.onLost?.(name, message),
  });
  void supervisor.proc.exited.then((exit) => {
    if (!unwinding) options.onLost?.('supervisor', `supervisord stopped (${describeExit(exit)}):\n${supervisor.proc.lastLines()}`);
  });
  const program = supervisor.program;
  // Everything started so far, newest last: a stop or a failure stops them in reverse.
  const cleanups: { name: string; stop: () => Promise<unknown> }[] = [{ name: 'supervisor', stop: supervisor.shutdown }];
  let unwinding: Promise<void> | undefined;
  // Once, whoever asks (a signal, a test's afterAll): later calls wait for it.
  const unwind = (): Promise<void> =>
    (unwinding ??= (async () => {
      for (const { name, stop } of cleanups.reverse()) {
        await stop().catch((error: unknown) => log(`[${name}] stop failed: ${(error as Error).message}`));
      }
      log('[cluster] stopped');
    })());
  const checkAborted = () => {
    if (options.signal?.aborted) throw new ClusterSetupError('start cancelled');
  };
  let started = false;
  options.signal?.addEventListener('abort', () => {
    // A wait on a starting instance ends at once: its exit is what the wait watches for.
    if (!started) for (const name of specs.keys()) program(name).signal('SIGTERM');
  });

  try {
    cleanups.push({ name: 'postgres', stop: () => stopPostgres(program('postgres'), log) });
    await startPostgres(pgSpec, program('postgres'), log);
    log(`[postgres] ready on 127.0.0.1:${pgSpec.port} (data in ${path.join(clusterDir, 'pg')})`);
    checkAborted();
    cleanups.push({ name: 'redis', stop: () => program('redis').stop() });
    await program('redis').start();
    await waitRedisReady(redisSpec.url, program('redis'));
    log(`[redis] ready on 127.0.0.1:${redisSpec.port} (data in ${path.join(clusterDir, 'redis')})`);

    checkAborted();
    await prepareDatabase({ dataDir, databaseUrl: pgSpec.url, restore: options.restore, seed: options.seed ?? 'demo', env: base, log });

    const spawnReady = async (spec: InstanceSpec) => {
      const proc = program(spec.name);
      await proc.start();
      await waitReady(proc, spec.port);
      log(`[${spec.name}] ready at http://127.0.0.1:${spec.port} (pid ${proc.pid})`);
    };
    // At the first start only, a port another program took meanwhile is traded for a new one
    // (nothing names it yet); a restart keeps its port, which nginx's configuration names.
    const firstStart = (spec: InstanceSpec) =>
      startOnFreePort(() => spawnReady(spec), {
        taken: () => program(spec.name).lastLines().includes('EADDRINUSE'),
        move: async (port) => {
          log(`[${spec.name}] port ${spec.port} was taken meanwhile; trying ${port}`);
          movePort(spec, port);
          await supervisor.replace(instanceProgram(spec));
        },
      });
    const stopOne = async (name: string, signal: NodeJS.Signals = 'SIGTERM'): Promise<Exit> => {
      if (!specs.has(name)) throw new Error(`no instance named ${name} (${[...specs.keys()].join(', ')})`);
      return program(name).stop(signal);
    };
    const peers = (list: string[]): Peer[] => list.map((name) => ({ name, port: specs.get(name)!.port }));

    cleanups.push({ name: 'apis', stop: () => Promise.all(apiNames.map((name) => stopOne(name))) });
    checkAborted();
    await Promise.all(apiNames.map((name) => firstStart(specs.get(name)!)));
    checkAborted();
    const edge = await edgeOptions(dataDir, base, log);
    const nginxOptions = () => ({
      dir: clusterDir,
      host,
      internalPort,
      apis: peers(apiNames),
      bffs: peers(bffNames),
      proxySecret,
      ...edge,
    });
    let internalOnly = nginxOptions();
    const nginx = await startOnFreePort(() => startNginx(tools.nginx, program('nginx'), internalOnly, log), {
      taken: (error) => /address already in use/i.test((error as Error).message),
      move: async (port) => {
        log(`[nginx] port ${internalPort} was taken meanwhile; trying ${port}`);
        internalPort = port;
        internalOnly = nginxOptions();
        // The BFFs are told the new one.
        for (const name of bffNames) {
          const spec = specs.get(name)!;
          Object.assign(spec.own, bffEnv());
          await supervisor.replace(instanceProgram(spec));
        }
      },
    });
    cleanups.push({ name: 'nginx', stop: nginx.stop });
    log(`[nginx] internal upstream for the BFFs at http://127.0.0.1:${internalPort}`);
    cleanups.push({ name: 'bffs', stop: () => Promise.all(bffNames.map((name) => stopOne(name))) });
    await Promise.all(bffNames.map((name) => firstStart(specs.get(name)!)));
    log(`[cluster] Prometheus scrape configuration: ${await writePrometheusConfig(clusterDir, [...specs.values()])}`);
    internalOnly = nginxOptions();
    checkAborted();
    const port = options.port ?? 3000;
    const publicPort = port === 0 ? await freePort() : port;
    // Last: customers reach the shop only when every instance is ready.
    await nginx.configure({ ...internalOnly, port: publicPort });
    cleanups.push({
      name: 'nginx',
      stop: async () => {
        await nginx.configure(internalOnly);
        log(`[nginx] public port ${publicPort} closed; open requests finish`);
      },
    });
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${publicPort}`;
    log(
      `[nginx] public at ${url}: ${bffNames.length} BFF${bffNames.length > 1 ? 's' : ''} → ${apiNames.length} API${apiNames.length > 1 ? 's' : ''}`,
    );
    if (options.systemdUnits) {
      const nginxConf = path.join(clusterDir, 'nginx-systemd.conf');
      await writeFile(nginxConf, nginxConfig({ ...internalOnly, port: publicPort }), { mode: 0o600 });
      const envExample = await readFile('.env.example', 'utf8').catch(() => '');
      const instances = (list: string[]) => list.map((name) => instanceProgram(specs.get(name)!));
      const groups = [
        [pgSpec.program, redisSpec.program],
        instances(apiNames),
        instances(bffNames),
        [nginxProgram(tools.nginx, clusterDir, nginxConf)],
      ];
      const env = serviceEnv(instanceEnv(base, {}), documentedNames(envExample));
      await writeUnits(
        options.systemdUnits,
        systemdUnits({ groups, unitDir: path.resolve(options.systemdUnits), cwd: process.cwd(), env }),
      );
      log(`[cluster] systemd units written to ${options.systemdUnits} (${TARGET} starts them all)`);
    }
    const names = ['postgres', 'redis', ...specs.keys(), 'nginx'];
    // A part that died after it answered ready fails the start.
    const lost = names.map(program).find((proc) => !proc.running());
    if (lost) throw new Error(`${lost.name} stopped while the cluster started:\n${lost.lastLines()}`);
    started = true;
    return {
      url,
      internalUrl: `http://127.0.0.1:${internalPort}`,
      databaseUrl: pgSpec.url,
      redisUrl: redisSpec.url,
      instances: Object.fromEntries([...specs.values()].map((s) => [s.name, `http://127.0.0.1:${s.port}`])),
      pids: () => ({ ...Object.fromEntries(names.map((name) => [name, program(name).pid])), supervisor: supervisor.proc.pid }),
      restarts: () => Object.fromEntries(names.map((name) => [name, program(name).restarts()])),
      stop: unwind,
      kill() {
        for (const name of names) program(name).signal('SIGKILL');
        supervisor.proc.signal('SIGKILL');
      },
      stopInstance: stopOne,
      async startInstance(name) {
        const spec = specs.get(name);
        if (!spec) throw new Error(`no instance named ${name} (${[...specs.keys()].join(', ')})`);
        // Killed, it is back by the supervisor's hand already; stopped, it is asked to start.
        await program(name).start();
        await waitReady(program(name), spec.port);
      },
      stopService: async (name) => {
        if (name === 'postgres') await stopPostgres(program(name), log);
        else await program(name).stop();
      },
      startService: async (name) => {
        if (name === 'postgres') await startPostgres(pgSpec, program(name), log);
        else {
          await program(name).start();
          await waitRedisReady(redisSpec.url, program(name));
        }
      },
    };
  } catch (error) {
    await unwind();
    throw error;
  }
};
