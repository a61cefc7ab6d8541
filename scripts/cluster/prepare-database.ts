/**
 * The cluster's database before any instance takes traffic: a backup restored (`--restore`),
 * the migrations (openDb; advisory locks make a second launcher wait), the demo seed into an
 * empty database (never into a restored one), and the variants of stored images.
 */
import { openDb, rebuildOnStart, restoreBackup, seedDemo } from '../../api/index.ts';

export type PrepareOptions = {
  dataDir: string;
  databaseUrl: string;
  restore?: { file: string; replace?: boolean | undefined } | undefined;
  seed: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
};

export const prepareDatabase = async ({ dataDir, databaseUrl, restore, seed, env, log }: PrepareOptions): Promise<void> => {
  if (restore) {
    // Before anything else connects: a restore refuses a database a shop has open.
    const restored = await restoreBackup({
      file: restore.file,
      target: { dataDir, databaseUrl },
      replace: restore.replace,
      onProgress: (m) => log(`[restore] ${m}`),
    });
    const rows = restored.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    log(`[restore] ${restore.file}: ${rows} rows, ${restored.manifest.images.files} images (taken ${restored.manifest.createdAt})`);
  }
  // Once, before any instance takes traffic (openDb migrates); the advisory locks make a
  // second launcher or instance wait, not collide.
  const db = await openDb({ dataDir, databaseUrl, poolSize: 2 });
  try {
    const { rows } = await db.query<{ last: string | null }>('select max(name) as last from schema_migrations');
    log(`[migrate] schema at ${rows[0]?.last ?? 'nothing'}`);
    // A restored shop is never seeded with demo data.
    if (seed === 'demo' && !restore) {
      const seeded = await seedDemo(db, {
        dataDir,
        poolCache: env.DEMO_POOL_CACHE || undefined,
        production: env.NODE_ENV === 'production',
        onProgress: (m) => log(`[seed] ${m}`),
      });
      log(
        `[seed] ${seeded.seeded ? `demo shop: ${seeded.counts.products} products, ${seeded.counts.users} accounts, ${seeded.counts.orders} orders` : `not seeded (${seeded.reason})`}`,
      );
    }
    await rebuildOnStart(db, dataDir, (line) => log(`[images] ${line}`));
  } finally {
    await db.close();
  }
};
