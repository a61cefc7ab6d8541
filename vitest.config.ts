import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{api,bff,machines,contracts,client,widgets,scripts}/**/*.test.{ts,tsx}', 'tests/{integration,security,model}/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite needs ~800 MB a file; two workers fit this machine's two cores.
    maxWorkers: 2,
  },
});
