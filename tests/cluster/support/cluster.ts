/**
 * The topology the suite runs against: `startCluster()` (scripts/cluster/cluster.ts), the
 * same code as `npm run start:cluster`: a private PostgreSQL and Redis under a temp DATA_DIR,
 * api-1, api-2, bff-1, bff-2 and nginx on a free loopback port, the demo shop seeded once.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCluster } from '../../../scripts/cluster/cluster.ts';
import { TEST_CACHE_DIR } from '../../../api/testing/cache-dir.ts';

/** The demo seed's accounts (scripts/seed.ts). */
export const DEMO_ADMIN = {
  email: 'admin@admin.com',
  password: 'admin@admin.com',
};

/**
 * The limits this suite runs under, stated here and handed to every instance. Every shopper
 * of the suite shares one address (127.0.0.1), so the chat's per-address limits are raised
 * for the 200-message conversation; the login limit keeps its default, which case f counts.
 */
export const LIMITS = {
  /** Failed logins per account and address before 429: the default, counted across both BFFs. */
  LOGIN_FAILURES_PER_ACCOUNT: '10',
  /** Failed logins per address: the default, above what case f sends. */
  LOGIN_FAILURES_PER_ADDRESS: '50',
  /**
   * The default, 5 a second per socket: the shop's chat client keeps under it (4 in any second,
   * machines/chat/chat-outbox.ts), even when what was typed during a drop goes out at once.
   */
  CHAT_MESSAGES_PER_SOCKET_PER_SECOND: '5',
  /** Default 200 a minute per address: the suite's 300-odd messages all come from 127.0.0.1. */
  CHAT_MESSAGES_PER_ADDRESS_PER_MINUTE: '100000',
  /** Default 30 new conversations a minute per address. */
  CHAT_CONVERSATIONS_PER_ADDRESS_PER_MINUTE: '1000',
  /** Default 40 open sockets per address; case b opens and closes a few dozen while placing admins. */
  CHAT_SOCKETS_PER_ADDRESS: '200',
  /** Default 1,200 /api calls a minute per guest address: 200 sign-ups and the rest are guests until registered. */
  API_GUEST_LIMIT_PER_MINUTE: '100000',
  /** Default 20 new accounts an hour per address: case e alone registers 200 shoppers from 127.0.0.1. */
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: '100000',
  /** Default 256 open connections per address (nginx's limit_conn): case e's 200 orders at once and the chat sockets share 127.0.0.1. */
  CONNECTIONS_PER_ADDRESS: '2000',
} as const;

export type Cluster = {
  url: string;
  /** The cluster's Redis (with its password): what the instances share, for a test to look at. */
  redisUrl: string;
  /** The cluster's PostgreSQL (with its password): what the data say, for a test to look at. */
  databaseUrl: string;
  /** Instance name → its private URL on loopback (what a local process could reach without nginx). */
  instances: Record<string, string>;
  /** Each component's process id now (the supervisor's too). */
  pids(): Record<string, number>;
  /** How often the supervisor started each component again. */
  restarts(): Record<string, number>;
  stopInstance(name: string): Promise<void>;
  startInstance(name: string): Promise<void>;
  stop(): Promise<void>;
};

/** Starts the cluster in a fresh temp DATA_DIR; `stop()` ends every process it started and removes the folder. */
export const startTestCluster = async (): Promise<Cluster> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-cluster-test-'));
  // mkdtemp makes it private; run as root, the cluster's PostgreSQL runs as `postgres`, which must reach it.
  await chmod(dataDir, 0o755);
  const lines: string[] = [];
  try {
    const cluster = await startCluster({
      dataDir,
      port: 0,
      apis: 2,
      bffs: 2,
      seed: 'demo',
      // As `npm run start:cluster` runs by default (vitest's NODE_ENV=test is not the shop's).
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DEMO_POOL_CACHE: TEST_CACHE_DIR,
        ...LIMITS,
      },
      log: (line: string) => {
        lines.push(line);
        if (process.env.CLUSTER_VERBOSE === '1') console.log(line);
      },
    });
    return {
      url: cluster.url,
      redisUrl: cluster.redisUrl,
      databaseUrl: cluster.databaseUrl,
      instances: cluster.instances,
      pids: () => cluster.pids(),
      restarts: () => cluster.restarts(),
      stopInstance: async (name) => void (await cluster.stopInstance(name)),
      startInstance: (name) => cluster.startInstance(name),
      async stop() {
        await cluster.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`the cluster did not start: ${(error as Error).message}\n${lines.join('\n')}`);
  }
};
