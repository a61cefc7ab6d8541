import type { Logger } from 'pino';
import {
  type Api,
  type Db,
  createApi,
  createLogger,
  loadApiConfig,
  openDb,
  readableFor,
  rebuildOnStart,
  seedDemo,
  writeRunFile,
} from '../../api/index.ts';
import { createBff } from '../app.ts';
import { loadBffConfig } from '../config.ts';

export type ShopOptions = {
  env?: Record<string, string | undefined>;
  /** Overrides PORT (0 picks a free port). */
  port?: number;
  host?: string;
  clientDir?: string;
  widgetsDir?: string;
  /** Progress lines for a person watching the start. */
  say?: (line: string) => void;
};

export type Shop = {
  url: string;
  apiUrl: string;
  /** True when this start filled an empty database with the demo shop (and its accounts). */
  demoAccounts: boolean;
  logger: Logger;
  /** Graceful: the BFF drains first, then the API, then the database closes. */
  stop(drainMs?: number): Promise<void>;
};

/**
 * The whole shop in one process (what `npm start` and the e2e fixture run): the API on an
 * internal loopback port, the BFF on PORT proxying to it. With API_URL only the BFF starts.
 */
export const startShop = async ({
  env = process.env,
  port,
  host,
  clientDir,
  widgetsDir,
  say = () => undefined,
}: ShopOptions = {}): Promise<Shop> => {
  const bffConfig = await loadBffConfig(env);
  const logger = createLogger(bffConfig.LOG_LEVEL, 'statefront', { readable: readableFor(bffConfig.NODE_ENV) });
  let db: Db | undefined;
  let api: Api | undefined;
  let apiUrl = bffConfig.API_URL;
  let demoAccounts = false;
  let removeRunFile: () => Promise<void> = async () => undefined;
  try {
    if (!apiUrl) {
      const apiConfig = await loadApiConfig({ ...env, INTERNAL_SECRET: bffConfig.INTERNAL_SECRET });
      say(apiConfig.DATABASE_URL ? 'Opening PostgreSQL (DATABASE_URL) …' : `Opening the embedded database in ${apiConfig.DATA_DIR} …`);
      db = await openDb({
        dataDir: apiConfig.DATA_DIR,
        databaseUrl: apiConfig.DATABASE_URL,
        poolSize: apiConfig.DATABASE_POOL_SIZE,
        thread: apiConfig.PGLITE_THREAD,
      });
      if (apiConfig.SEED === 'demo') {
        const seeded = await seedDemo(db, {
          dataDir: apiConfig.DATA_DIR,
          poolCache: apiConfig.DEMO_POOL_CACHE,
          production: apiConfig.NODE_ENV === 'production',
          onProgress: (m) => say(`  seeding: ${m}`),
        });
        if (seeded.seeded) {
          demoAccounts = seeded.counts.users > 0;
          say(
            `Seeded the demo shop (${seeded.counts.products} products, ${seeded.counts.orders} orders) in ${(seeded.ms / 1000).toFixed(1)} s.`,
          );
        }
      }
      await rebuildOnStart(db, apiConfig.DATA_DIR, say);
      api = createApi({ db, config: apiConfig, logger: logger.child({ part: 'api' }) });
      apiUrl = (await api.start(0, '127.0.0.1')).url;
      // As the API's own process does (scripts/start-api.ts): npm run backup asks this loopback
      // listener for the snapshot, since the embedded database's lock is this process's.
      if (!apiConfig.DATABASE_URL) removeRunFile = await writeRunFile(apiConfig.DATA_DIR, apiUrl);
    }
    const bff = createBff({ apiUrl, config: bffConfig, logger: logger.child({ part: 'bff' }), clientDir, widgetsDir });
    const { url } = await bff.start(port ?? bffConfig.PORT, host);
    const openedApi = api;
    const openedDb = db;
    return {
      url,
      apiUrl,
      demoAccounts,
      logger,
      async stop(drainMs = 10_000) {
        await bff.stop(drainMs);
        await removeRunFile();
        await openedApi?.stop();
        await openedDb?.close();
      },
    };
  } catch (error) {
    await removeRunFile().catch(() => undefined);
    await api?.stop().catch(() => undefined);
    await db?.close().catch(() => undefined);
    throw error;
  }
};
