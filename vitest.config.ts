import { defineConfig } from 'vitest/config';

// `npm test -- --only=api` narrows the run to one folder (CI reruns api/ on PostgreSQL).
const only = process.env.STATEFRONT_TEST_ONLY;

export default defineConfig({
  test: {
    include: only
      ? [`${only}/**/*.test.{ts,tsx}`]
      : ['{api,bff,machines,contracts,client,widgets,scripts}/**/*.test.{ts,tsx}', 'tests/{integration,security,model,fault,lint}/**/*.test.ts'],
    // tests/cluster starts the whole topology: its own config (vitest.cluster.config.ts), even under --only=tests.
    exclude: ['**/node_modules/**', 'tests/e2e/**', 'tests/cluster/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite needs ~800 MB a file; two workers fit this machine's two cores.
    maxWorkers: 2,
  },
});
