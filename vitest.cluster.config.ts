import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: tests/cluster/, the real topology (PostgreSQL, Redis, two APIs, two
 * BFFs, nginx) started once for the file. Kept out of vitest.config.ts's include, so
 * `vitest run` never starts it; `npm test` runs it as its own tally (scripts/test.ts).
 */
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    // One cluster at a time: it is five servers and a database on a small machine.
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
    teardownTimeout: 120_000,
  },
});
