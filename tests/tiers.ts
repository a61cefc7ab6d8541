/**
 * Every test file of the project belongs to exactly one tier (tests/lint/tiers.test.ts checks):
 *   fast  pure code: machines, contracts, the client, the widget, scripts that start nothing;
 *         every core, no database, no server (`npm run test:fast`)
 *   db    a database or a server: api, bff, the security and fault suites, scripts that start
 *         the shop (`npm run test:db`; on PostgreSQL too with TEST_DATABASE_URL)
 *   e2e   the whole shop from outside: Playwright in Chromium (tests/e2e, its own runner) and
 *         the cluster topology (vitest.cluster.config.ts) (`npm run test:e2e`)
 * `npm test` runs the three, in that order.
 */
export type Tier = 'fast' | 'db';

/** Scripts' tests that start a process, a database or a server (the rest of scripts/ is fast). */
const SCRIPTS_WITH_SERVERS = [
  'scripts/backup.test.ts',
  'scripts/start.test.ts',
  'scripts/drain-on-sigterm.test.ts',
  'scripts/cluster/migrate-lock.test.ts',
];

/** The e2e tier's vitest part: the cluster topology and start:cluster itself (vitest.cluster.config.ts). */
export const CLUSTER_VITEST = ['tests/cluster/**/*.test.ts', 'scripts/cluster/cluster.test.ts'];

/** The e2e tier's browser part (playwright.config.ts). */
export const BROWSER_SPECS = 'tests/e2e/**/*.spec.ts';

export const TIERS: Record<Tier, { include: string[]; exclude: string[] }> = {
  fast: {
    include: [
      'machines/**/*.test.{ts,tsx}',
      'contracts/**/*.test.{ts,tsx}',
      'client/**/*.test.{ts,tsx}',
      'widgets/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'tests/lint/**/*.test.ts',
    ],
    exclude: [...SCRIPTS_WITH_SERVERS, ...CLUSTER_VITEST],
  },
  db: {
    include: [
      'api/**/*.test.ts',
      'bff/**/*.test.ts',
      'server/**/*.test.ts',
      'tests/security/**/*.test.ts',
      'tests/fault/**/*.test.ts',
      ...SCRIPTS_WITH_SERVERS,
    ],
    exclude: [],
  },
};
