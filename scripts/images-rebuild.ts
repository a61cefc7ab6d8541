/**
 * npm run images:rebuild: makes the variants (AVIF and WebP at every width), the stripped master
 * and the processed file of every stored image that lacks them (uploads from before uploads were processed, the
 * old demo's pictures), and records their sizes on the products and order lines that show them.
 * Safe to stop and run again: it finishes what is left and redoes nothing. `npm start` runs it
 * too when an image lacks its variants. With the embedded database, stop the shop first.
 */
import './owner-only.ts';
import { imagesToRebuild, loadApiConfig, openDb, rebuildImages } from '../api/index.ts';

const main = async (): Promise<void> => {
  const config = await loadApiConfig();
  if ((await imagesToRebuild(config.DATA_DIR)).length === 0) {
    console.log(`Every image in ${config.DATA_DIR}/images has its variants: nothing to do.`);
    return;
  }
  const db = await openDb({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, poolSize: 2 });
  const started = performance.now();
  try {
    const result = await rebuildImages(db, config.DATA_DIR, { say: (line) => console.log(line) });
    console.log(
      `Rebuilt ${result.rebuilt.length} images in ${((performance.now() - started) / 1000).toFixed(1)} s` +
        (result.skipped.length ? `; ${result.skipped.length} skipped (named above), left as they were.` : '.'),
    );
  } finally {
    await db.close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
