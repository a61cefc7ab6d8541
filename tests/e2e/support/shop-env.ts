import { TEST_CACHE_DIR } from '../../../api/testing/cache-dir.ts';

/** Known to the specs, so they can open the session cookie and look for the token it holds. */
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdefghijkl';

/** The environment variable through which the global setup hands workers the seeded DATA_DIR. */
export const E2E_SEEDED_DIR = 'STATEFRONT_E2E_SEEDED_DIR';

/** Every e2e shop's environment: the demo shop on the embedded database in `dataDir`, plus a spec's own settings. */
export const e2eShopEnv = (dataDir: string, extra: Record<string, string> = {}): Record<string, string> => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  SEED: 'demo',
  // The demo's photos are processed once per checkout, then copied.
  DEMO_POOL_CACHE: TEST_CACHE_DIR,
  SESSION_SECRET: E2E_SESSION_SECRET,
  LOG_LEVEL: 'warn',
  // The specs place many orders as john@doe.com on one shop copy: the open-orders limit is raised out of their way.
  MAX_OPEN_ORDERS_PER_ACCOUNT: '100000',
  // Every spec registers from 127.0.0.1: the registrations limit likewise; its own test runs at the default.
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000000',
  ...extra,
});
