import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { TIERS, type Tier } from './tests/tiers.ts';

/**
 * `vitest run` runs the fast and the database tiers (tests/tiers.ts says which file is in which);
 * `npm run test:fast` and `npm run test:db` run one (STATEFRONT_TIER), and `npm test -- --only=api`
 * narrows a tier to one folder (CI reruns api/ on PostgreSQL).
 */
const tier = process.env.STATEFRONT_TIER as Tier | undefined;
const only = process.env.STATEFRONT_TEST_ONLY;
const chosen = tier ? [TIERS[tier]] : [TIERS.fast, TIERS.db];
const include = chosen.flatMap((t) => t.include);
const exclude = ['**/node_modules/**', ...chosen.flatMap((t) => t.exclude)];

/**
 * The test files that replace a module (`vi.mock`, `vi.doMock`): they keep a module graph of their
 * own, since in a shared one a module an earlier file loaded ignores the mock, or keeps it after.
 * Found by reading the files, so a new one is never shared by mistake.
 */
const MOCKS_A_MODULE = /\bvi\.(doMock|mock)\(/;
const filesUnder = (glob: string): string[] => {
  const base = glob.includes('*') ? glob.slice(0, glob.indexOf('*')).replace(/\/$/, '') || '.' : glob;
  if (!existsSync(base)) return [];
  if (statSync(base).isFile()) return [base];
  return readdirSync(base, { recursive: true }).map((f) => path.join(base, String(f)));
};
const mocking = [...new Set(include.flatMap(filesUnder))].filter(
  (file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules') && MOCKS_A_MODULE.test(readFileSync(file, 'utf8')),
);

export default defineConfig({
  test: {
    exclude,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Pure tests use every core. Each database file holds a PGlite of ~800 MB and starts
    // servers: two at a time fit this machine (2 cores, 24 GB).
    maxWorkers: tier === 'fast' ? availableParallelism() : 2,
    // The database tier's demo seeds copy the photos processed once (api/testing/demo-pool-setup.ts).
    globalSetup: chosen.includes(TIERS.db) ? ['api/testing/demo-pool-setup.ts'] : [],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: only ? include.filter((glob) => glob.startsWith(`${only}/`)) : include,
          exclude: [...exclude, ...mocking],
          // A worker's files share its modules. The database files each start their own
          // databases and servers and close them, and none reads the environment at import: on 24 of
          // them, import 243 → 26 s and 90 → 49 CPU s. The fast files get a fresh DOM per file (the
          // environment) and clean up after every test (client/testing/render.tsx): 135 → 86 CPU s
          // and 120 → 87 s for the fast tier's 111 files, every test passing both ways.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: mocking.filter((file) => !only || file.startsWith(`${only}/`)),
          isolate: true,
        },
      },
    ],
  },
});
