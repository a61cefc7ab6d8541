import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { lockDataDir } from './lock.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPgliteWorker } from './pglite-worker.ts';
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
      const opened = thread ? await openPgliteWorker(dir) : await openPglite(dir);
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
