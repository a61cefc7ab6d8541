import { cachedPool } from '../db/seed/photo-pool.ts';
import { TEST_CACHE_DIR } from './cache-dir.ts';

/**
 * vitest's global setup for the database tier: the demo's photos are processed once per
 * checkout (a fresh clone: about 15 CPU seconds, here, before any worker starts), so the test
 * files that seed the demo copy them instead of each processing the pool at the same moment.
 */
export default async function processDemoPoolOnce(): Promise<void> {
  await cachedPool(TEST_CACHE_DIR, (message) => console.info(`demo pool (once per checkout): ${message}`));
}
