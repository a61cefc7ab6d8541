/**
 * The API's start, the same wherever it runs (npm start with the API in its own process or
 * inside npm start's, npm run start:api, the cluster's instances): the database opened, the
 * demo shop seeded into an empty one (SEED=demo), missing image variants rebuilt, the API
 * listening, the run file `npm run backup` looks for (embedded database only) and the
 * BACKUP_EVERY_HOURS schedule. One function, so no start path can miss a step.
 */
import type { Logger } from 'pino';
import { type Api, createApi } from './app.ts';
import { writeRunFile } from './components/backup/run-file.ts';
import { scheduleBackups } from './components/backup/schedule.ts';
import { rebuildOnStart } from './components/images/rebuild.ts';
import type { ApiConfig } from './config.ts';
import { type Db, openDb } from './db/index.ts';
import { firstOpenApart, isNewDataDir, type MadeApart } from './db/first-open.ts';
import { type SeedDemoResult, seedDemo } from './db/seed/index.ts';
import { settleDataDir, settledLine } from './private-files.ts';

export type OpenAndStartOptions = {
  config: ApiConfig;
  /** The API's log; createApi makes one from the config when unset. */
  logger?: Logger | undefined;
  /** Where it listens: API_PORT and API_HOST when unset. */
  port?: number | undefined;
  host?: string | undefined;
  /** Lines a person watching the start reads: the seed's result, the images rebuilt. */
  say?: ((line: string) => void) | undefined;
  /** Lines while it works (the database opening, the seed's steps), for a start someone watches. */
  progress?: ((line: string) => void) | undefined;
};

export type StartedApi = {
  url: string;
  /** True when this start filled an empty database with the demo shop (and its accounts). */
  demoAccounts: boolean;
  /** The schedule ends, the run file goes, the API stops (draining `drainMs`), the database closes. */
  stop(drainMs?: number): Promise<void>;
};

/** The seed's line for the person watching; true when it made the demo accounts. */
const reportSeed = (seeded: SeedDemoResult | null, say: (line: string) => void): boolean => {
  if (!seeded?.seeded) return false;
  say(`Seeded the demo shop (${seeded.counts.products} products, ${seeded.counts.orders} orders) in ${(seeded.ms / 1000).toFixed(1)} s.`);
  return seeded.counts.users > 0;
};

const seedOptions = (config: ApiConfig) => ({
  dataDir: config.DATA_DIR,
  poolCache: config.DEMO_POOL_CACHE,
  production: config.NODE_ENV === 'production',
});

/**
 * A new embedded database is made (and the demo seeded) in a process that then ends (decision
 * 014): the API keeps only what serving needs. Undefined when the database exists already, is a
 * PostgreSQL server's, or no child could be started: then the seed, if any, runs here.
 */
const firstOpen = async (config: ApiConfig, progress?: (line: string) => void): Promise<MadeApart | undefined> => {
  if (config.DATABASE_URL || !isNewDataDir(config.DATA_DIR)) return undefined;
  progress?.('Making the embedded database (and the demo shop) in a process of its own …');
  return firstOpenApart({ ...seedOptions(config), seed: config.SEED === 'demo' }, progress && ((m) => progress(`  seeding: ${m}`)));
};

const seedIfAsked = async (db: Db, config: ApiConfig, progress?: (line: string) => void): Promise<SeedDemoResult | null> =>
  config.SEED === 'demo' ? seedDemo(db, { ...seedOptions(config), onProgress: progress && ((m) => progress(`  seeding: ${m}`)) }) : null;

export const openAndStartApi = async ({
  config,
  logger,
  port,
  host,
  say = () => undefined,
  progress,
}: OpenAndStartOptions): Promise<StartedApi> => {
  const madeApart = await firstOpen(config, progress);
  progress?.(
    config.DATABASE_URL
      ? 'Opening PostgreSQL (DATABASE_URL) …'
      : `Opening the embedded database in ${config.DATA_DIR}${config.PGLITE_THREAD ? ', in a worker thread' : ''} …`,
  );
  const db = await openDb({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    thread: config.PGLITE_THREAD,
  });
  let api: Api | undefined;
  let removeRunFile = async (): Promise<void> => undefined;
  let stopBackups = async (_waitMs: number): Promise<void> => undefined;
  const stop = async (drainMs = 0) => {
    // A scheduled backup under way may finish while requests drain (within the same time), before the database closes.
    const backupDone = stopBackups(drainMs);
    await removeRunFile();
    await api?.stop(drainMs);
    await backupDone;
    await db.close();
  };
  try {
    const demoAccounts = reportSeed(madeApart ? madeApart.seeded : await seedIfAsked(db, config, progress), say);
    await rebuildOnStart(db, config.DATA_DIR, say);
    // After the seed and the rebuild wrote theirs: a folder from an older version is closed too.
    const closed = settledLine(config.DATA_DIR, await settleDataDir(config.DATA_DIR));
    if (closed) say(closed);
    api = createApi({ db, config, logger });
    const { url } = await api.start(port, host);
    // `npm run backup` finds the process that owns the embedded database here.
    if (!config.DATABASE_URL) removeRunFile = await writeRunFile(config.DATA_DIR, url);
    if (config.BACKUP_EVERY_HOURS > 0)
      stopBackups = scheduleBackups(
        db,
        config.DATA_DIR,
        { everyHours: config.BACKUP_EVERY_HOURS, keep: config.BACKUP_KEEP },
        api.context.logger,
      );
    return { url, demoAccounts, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
};
