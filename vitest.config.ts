import { availableParallelism } from 'node:os';
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

export default defineConfig({
  test: {
    include: only ? include.filter((glob) => glob.startsWith(`${only}/`)) : include,
    exclude: ['**/node_modules/**', ...chosen.flatMap((t) => t.exclude)],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Pure tests use every core. Each database file holds a PGlite of ~800 MB and starts
    // servers: two at a time fit this machine (2 cores, 24 GB).
    maxWorkers: tier === 'fast' ? availableParallelism() : 2,
    // The database tier's files share their worker's modules (issue 28): each file starts its own
    // databases and servers and closes them, and none mocks a module or reads the environment at
    // import, so a fresh module graph per file bought nothing but its import: on 24 of its files,
    // import 243 → 26 s and 90 → 49 CPU s. The fast tier keeps isolation (jsdom, module state of the client).
    isolate: tier !== 'db',
    // The database tier's demo seeds copy the photos processed once (api/testing/demo-pool-setup.ts).
    globalSetup: chosen.includes(TIERS.db) ? ['api/testing/demo-pool-setup.ts'] : [],
  },
});
