/**
 * The child of first-open.ts: opens (makes) and migrates the embedded database, seeds the demo
 * when asked, makes the variants of the pictures the seed wrote (which the API would otherwise
 * make with sharp at its start), closes it and ends, handing back everything it took.
 */
import { rebuildImages } from '../components/images/rebuild.ts';
import type { FirstOpenJob, FromFirstOpen } from './first-open.ts';
import { openDb } from './index.ts';
import { seedDemo } from './seed/index.ts';

const tell = (message: FromFirstOpen): Promise<void> =>
  new Promise((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

// The API that asked is gone (stopped, killed): no one waits for this database any more.
process.on('disconnect', () => process.exit(1));

const job = JSON.parse(process.argv[2] ?? '{}') as FirstOpenJob;
const progress = (line: string) => void tell({ type: 'progress', line });
try {
  const db = await openDb({ dataDir: job.dataDir });
  try {
    const result = job.seed
      ? await seedDemo(db, {
          dataDir: job.dataDir,
          poolCache: job.poolCache,
          production: job.production,
          onProgress: progress,
        })
      : null;
    await rebuildImages(db, job.dataDir, { say: (line) => void tell({ type: 'progress', line: `images: ${line}` }) });
    await db.close();
    await tell({ type: 'done', result });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
} catch (error) {
  await tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
}
process.removeAllListeners('disconnect');
process.disconnect?.();
