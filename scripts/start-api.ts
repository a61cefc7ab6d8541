/**
 * npm run start:api: the shop API alone on API_HOST:API_PORT (a BFF elsewhere points API_URL
 * at it). Seeds the demo shop into an empty database when SEED=demo.
 */
import { createApi, loadApiConfig, openDb, seedDemo } from '../api/index.ts';
import { stopOnSignals } from '../bff/index.ts';

const main = async (): Promise<void> => {
  const config = await loadApiConfig();
  const db = await openDb({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
  try {
    if (config.SEED === 'demo') {
      const seeded = await seedDemo(db, { dataDir: config.DATA_DIR, production: config.NODE_ENV === 'production' });
      if (seeded.seeded) console.log(`Seeded the demo shop in ${(seeded.ms / 1000).toFixed(1)} s.`);
    }
    const api = createApi({ db, config });
    const { url } = await api.start();
    stopOnSignals(async () => {
      await api.stop();
      await db.close();
    });
    console.log(`Statefront API listening at ${url} (set API_URL=${url} for the BFF). Stop with Ctrl+C.`);
  } catch (error) {
    await db.close();
    throw error;
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
