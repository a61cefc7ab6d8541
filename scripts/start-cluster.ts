/**
 * npm run start:cluster: the shop at scale on this machine (docs/decisions/008-cluster.md), from Debian's
 * postgresql, redis-server, nginx and supervisor: PostgreSQL and Redis under DATA_DIR/cluster, the
 * demo seed once, CLUSTER_APIS API and CLUSTER_BFFS BFF instances, nginx on PORT, all run by
 * supervisord, which starts a dead one again. Ctrl+C stops everything in order (a second one
 * forces). See README, "Running at scale".
 */
import './owner-only.ts';
import { parseArgs } from 'node:util';
import { onStopSignals } from '../bff/index.ts';
import { ClusterSetupError, startCluster } from './cluster/cluster.ts';
import { COMPILED } from '../api/compiled.ts';

const count = (name: string, fallback: number): number => {
  const text = process.env[name]?.trim();
  return text ? Number(text) : fallback;
};

const main = async (): Promise<void> => {
  const port = count('PORT', 3000);
  const pgPort = process.env.CLUSTER_PG_PORT?.trim() ? count('CLUSTER_PG_PORT', 0) : undefined;
  const seed = process.env.SEED?.trim() === 'none' ? 'none' : 'demo';
  // -- --restore FILE [--replace] starts the cluster on a backup instead of the demo seed.
  // -- --systemd-units DIR: starts once (database, secrets, ports, configuration), writes the units, stops.
  const { values } = parseArgs({
    options: { restore: { type: 'string' }, replace: { type: 'boolean', default: false }, 'systemd-units': { type: 'string' } },
  });
  let stopping: Promise<void> | undefined;
  // Ctrl+C while starting: what started is stopped (the components run in their own process groups).
  const starting = new AbortController();
  const offWhileStarting = onStopSignals(
    () => {
      console.log('Stopping what started …');
      starting.abort();
    },
    () => process.exit(1),
  );
  const cluster = await startCluster({
    // Compiled, the launcher (scripts/launch.mjs) checked the build before it loaded this.
    build: !COMPILED,
    signal: starting.signal,
    dataDir: process.env.DATA_DIR?.trim() || './data',
    port,
    host: process.env.HOST?.trim() || undefined,
    apis: count('CLUSTER_APIS', 2),
    bffs: count('CLUSTER_BFFS', 2),
    seed,
    restore: values.restore ? { file: values.restore, replace: values.replace } : undefined,
    pgPort,
    systemdUnits: values['systemd-units'],
    onLost: (name) => {
      // A component's death is the supervisor's to mend (it says so); the supervisor's own is not.
      if (name !== 'supervisor') return;
      console.error('The supervisor is gone: stopping the cluster.');
      stopping ??= cluster.stop().finally(() => process.exit(1));
    },
  });
  offWhileStarting();
  if (values['systemd-units']) {
    await cluster.stop();
    console.log(
      `\nsystemd units in ${values['systemd-units']}. Install them in /etc/systemd/system, then:\n  systemctl daemon-reload && systemctl enable --now statefront.target`,
    );
    process.exit(0);
  }
  onStopSignals(
    (signal) => {
      console.log(`${signal}: stopping in order (public port, BFFs, APIs, nginx, Redis, PostgreSQL); again to force.`);
      stopping ??= cluster.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`Stop failed: ${(error as Error).message}`);
          process.exit(1);
        },
      );
    },
    (signal) => {
      console.error(`${signal} again: killing every component now.`);
      cluster.kill();
      process.exit(1);
    },
  );
  console.log(`\nStatefront cluster at ${cluster.url}`);
  if (seed === 'demo' && !values.restore)
    console.log('Demo accounts: admin@admin.com / admin@admin.com (admin), john@doe.com / john@doe.com');
  console.log('Stop with Ctrl+C.');
};

main().catch((error: unknown) => {
  console.error(error instanceof ClusterSetupError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
});
