import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { lockDataDir } from './lock.ts';
import { migrate } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import type { Db } from './types.ts';

export type { Db, Queryable } from './types.ts';
export { migrate } from './migrate.ts';

export type DbOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  poolSize?: number;
  /** PGlite in a worker thread, so its synchronous queries leave the HTTP event loop free (decision 007). */
  thread?: boolean;
};

/**
 * PGlite on this thread, its module loaded only then: with the database in a worker thread (or
 * on a PostgreSQL server) the API's own thread never holds PGlite's code (about 45 MB under tsx,
 * decision 014).
 */
export const openPglite = async (dataDir?: string): Promise<Db> => (await import('./pglite.ts')).openPglite(dataDir);

/** Opens the configured database (a PostgreSQL server if a URL is given, else PGlite) and migrates it. */
export const openDb = async ({ dataDir, databaseUrl, poolSize, thread = false }: DbOptions): Promise<Db> => {
  let db: Db;
  if (databaseUrl) {
    db = await openPostgres(databaseUrl, poolSize);
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    await mkdir(dir, { recursive: true });
    const unlock = await lockDataDir(dataDir);
    try {
      const opened = thread ? await (await import('./pglite-worker.ts')).openPgliteWorker(dir) : await openPglite(dir);
      db = { ...opened, close: () => opened.close().finally(unlock) };
    } catch (error) {
      await unlock();
      throw error;
    }
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
};
