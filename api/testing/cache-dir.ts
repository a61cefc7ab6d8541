import { fileURLToPath } from 'node:url';

/**
 * What tests make once per checkout and then reuse: the migrated database template
 * (test-db.ts), the demo's processed photos (DEMO_POOL_CACHE / `poolCache`). Keyed by what made
 * them, so a changed migration or generator makes a new one; a fresh clone makes them on first use.
 */
export const TEST_CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/statefront/', import.meta.url));
