import { defineConfig } from 'vitest/config';
import { CLUSTER_VITEST } from './tests/tiers.ts';

/**
 * The e2e tier's vitest part (`npm run test:cluster`): the real topology (PostgreSQL, Redis, two
 * APIs, two BFFs, nginx), started by each file. Kept out of vitest.config.ts, so `vitest run`
 * never starts it; `npm run test:e2e` runs it after the browser suites (scripts/test.ts).
 */
export default defineConfig({
  test: {
    include: CLUSTER_VITEST,
    // One cluster at a time: it is five servers and a database on a small machine.
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
    teardownTimeout: 120_000,
  },
});
