/**
 * What startCluster() (cluster.ts) takes and gives back: the cluster's options, and the running
 * cluster a launcher, a test or a bench drives.
 */
import type { Exit } from './processes.ts';

export type ClusterOptions = {
  dataDir: string;
  /** Public port (0: a free one). */
  port?: number;
  /** Public listen address (default 127.0.0.1). */
  host?: string;
  apis?: number;
  bffs?: number;
  seed?: 'demo' | 'none';
  /** Start on this backup (database and images) instead of the demo seed; `replace` as npm run restore's --replace. */
  restore?: { file: string; replace?: boolean };
  /** Where every line goes (default console.log). */
  log?: (line: string) => void;
  /** The instances' base environment (default process.env); the cluster's own variables win. */
  env?: NodeJS.ProcessEnv;
  /** PostgreSQL's port (default: a free one). */
  pgPort?: number;
  /** Rebuild a missing or stale client first, as npm start does (default true). */
  build?: boolean;
  /** Aborts a start in progress (Ctrl+C while starting): what started is stopped, and startCluster rejects. */
  signal?: AbortSignal;
  /**
   * Also writes systemd units for this cluster's programs into this folder (systemd-units.ts),
   * with the public nginx configuration they run (DATA_DIR/cluster/nginx-systemd.conf).
   */
  systemdUnits?: string;
  /** A component died without being asked to (the supervisor starts it again), or the supervisor itself did (`supervisor`). */
  onLost?: (name: string, message: string) => void;
};

export type RunningCluster = {
  url: string;
  /** The BFF → API upstream (127.0.0.1 only). */
  internalUrl: string;
  databaseUrl: string;
  redisUrl: string;
  /** Instance name → its private URL. */
  instances: Record<string, string>;
  /** Every component's process id as last started, the supervisor's too (tests check none is left after stop). */
  pids(): Record<string, number>;
  /** How often the supervisor started each component again after it died. */
  restarts(): Record<string, number>;
  stop(): Promise<void>;
  /** Forced: SIGKILL to everything still running (a second Ctrl+C). */
  kill(): void;
  /** Stops one API or BFF instance (SIGTERM: it drains and stays stopped; SIGKILL: it dies, and the supervisor starts it again). */
  stopInstance(name: string, signal?: NodeJS.Signals): Promise<Exit>;
  /** Starts a stopped instance again on its port (or waits for the supervisor's restart); resolves when it is ready. */
  startInstance(name: string): Promise<void>;
  /** Stops Redis or PostgreSQL cleanly, as an operator would for maintenance; the instances stay up. */
  stopService(name: 'redis' | 'postgres'): Promise<void>;
  /** Starts it again; resolves when it takes connections. */
  startService(name: 'redis' | 'postgres'): Promise<void>;
};
