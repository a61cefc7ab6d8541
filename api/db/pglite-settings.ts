import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * The embedded database sized for a small shop on a small server (decision 014). PGlite's
 * defaults are PostgreSQL's: 128 MB of shared_buffers, which it writes through at start (a
 * restarted API held 130 MB more with them), and 64 MB for each index build. A shop's whole
 * catalogue and a month of orders is a few tens of MB, and PGlite reads its files through the
 * operating system's page cache, which gives memory back when the server needs it. The WASM
 * memory PostgreSQL runs in never shrinks, so every cap here is a cap on what it keeps.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
  // Per sort or hash in a query: the admin's analytics sort a month of orders within it.
  work_mem: '2MB',
  // Index builds (migrations, a restore): a larger one spills to disk instead of growing the memory.
  maintenance_work_mem: '16MB',
} as const;

/** PGlite's own start parameters (single-user mode, no parallel workers …) plus the settings above. */
export const pgliteOptions = (dataDir?: string): PGliteOptions => ({
  ...(dataDir ? { dataDir } : {}),
  startParams: [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
});
