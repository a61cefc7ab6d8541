import { mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../db/index.ts';
import { ImageRefused, processImage, type MainFormat } from './process.ts';
import { recordSize } from './repository.ts';
import { exists, IMAGE_URL_PREFIX, imagesDir, localImageFile, masterFile, MASTERS_DIR, storeBeside, writeWhole } from './storage.ts';

/**
 * Images stored before uploads were processed (`/images/<uuid>.png`, the old
 * demo's `/images/demo/…`) get what an upload gets today: variants beside them, a stripped
 * master, and in their place the processed file, so every old path keeps answering.
 *
 * An image is done when its master exists: the master is renamed into place last, after the
 * variants, the new file at the path and the sizes in the database. A run that stops half-way
 * leaves `<master>.pending` (the stripped pixels of the original), from which the next run
 * finishes without reading the original again, which may already have been replaced.
 */

const FORMATS: Record<string, MainFormat> = { '.jpg': 'jpg', '.jpeg': 'jpg', '.png': 'png', '.webp': 'webp', '.gif': 'gif' };
const VARIANT = /-\d+\.(avif|webp)$/;
const PENDING = '.pending';

/** The old path's own format, so the file there keeps the type its name promises. */
const formatOf = (imagePath: string): MainFormat | undefined => FORMATS[path.extname(imagePath).toLowerCase()];

/**
 * Every stored image without its master, as `/images/…` paths in name order: one directory walk,
 * so an up-to-date DATA_DIR costs a few milliseconds. Dotted names (masters, temporary files)
 * and variants are not images of their own.
 */
export const imagesToRebuild = async (dataDir: string): Promise<string[]> => {
  const names = await readdir(imagesDir(dataDir), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const mastersPrefix = MASTERS_DIR + path.sep;
  const mastered = new Set(names.filter((n) => n.startsWith(mastersPrefix)).map((n) => n.slice(mastersPrefix.length)));
  return names
    .filter((n) => !n.split(path.sep).some((part) => part.startsWith('.')) && formatOf(n) && !VARIANT.test(n) && !mastered.has(n))
    .sort()
    .map((n) => IMAGE_URL_PREFIX + n.split(path.sep).join('/'));
};

const rebuildOne = async (db: Queryable, dataDir: string, imagePath: string): Promise<void> => {
  const master = masterFile(dataDir, imagePath)!;
  const pending = master + PENDING;
  const resumed = await exists(pending);
  const processed = await processImage(await readFile(resumed ? pending : localImageFile(dataDir, imagePath)!), formatOf(imagePath));
  if (!resumed) {
    await mkdir(path.dirname(master), { recursive: true });
    await writeWhole(pending, processed.master);
  }
  await storeBeside(dataDir, imagePath, processed);
  await recordSize(db, imagePath, { width: processed.width, height: processed.height });
  await rename(pending, master);
};

export type RebuildResult = { rebuilt: string[]; skipped: Array<{ path: string; reason: string }> };

/**
 * Processes every stored image that lacks its variants, one at a time, saying `n/N path` for
 * each. An image sharp refuses (too large, not decodable) is skipped and named; it stays as it
 * is and the next run tries it again. Anything else (a disk error) stops the run.
 */
export const rebuildImages = async (
  db: Queryable,
  dataDir: string,
  { say = () => undefined }: { say?: (line: string) => void } = {},
): Promise<RebuildResult> => {
  const paths = await imagesToRebuild(dataDir);
  const result: RebuildResult = { rebuilt: [], skipped: [] };
  for (const [i, imagePath] of paths.entries()) {
    say(`${i + 1}/${paths.length} ${imagePath}`);
    try {
      await rebuildOne(db, dataDir, imagePath);
      result.rebuilt.push(imagePath);
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      const reason =
        error.problem === 'too large' ? 'too large to decode (over 100 megapixels or 16,384 px a side)' : 'not an image sharp decodes';
      say(`  skipped ${imagePath}: ${reason}`);
      result.skipped.push({ path: imagePath, reason });
    }
  }
  return result;
};

/**
 * What a start runs before the API serves: nothing but one directory walk when every image has
 * its variants; otherwise the rebuild, each image's progress on its own line.
 */
export const rebuildOnStart = async (db: Queryable, dataDir: string, say: (line: string) => void): Promise<void> => {
  const waiting = (await imagesToRebuild(dataDir)).length;
  if (waiting === 0) return;
  say(`Making the variants of ${waiting} stored images (npm run images:rebuild) …`);
  const started = performance.now();
  const { rebuilt, skipped } = await rebuildImages(db, dataDir, { say: (line) => say(`  images: ${line}`) });
  say(
    `Rebuilt ${rebuilt.length} images in ${((performance.now() - started) / 1000).toFixed(1)} s${skipped.length ? `, ${skipped.length} skipped` : ''}.`,
  );
};
