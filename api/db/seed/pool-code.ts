/**
 * The code the demo's photo pool is made by, from the repository's root: its cache key hashes
 * these files (photo-pool.ts), so a pool made by other code is never reused. The compiled servers
 * carry them as written (scripts/build-servers.ts), so npm start, which runs compiled, and the
 * tests, which run the sources, find one cached pool instead of each making its own.
 */
export const POOL_CODE = [
  'api/db/seed/photo-pool.ts',
  'api/db/seed/images.ts',
  'api/db/seed/png.ts',
  'api/components/images/process.ts',
  'contracts/images.ts',
] as const;
