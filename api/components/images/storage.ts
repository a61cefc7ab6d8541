import { randomUUID } from 'node:crypto';
import { access, chmod, mkdir, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { variantPath } from '#contracts/images.ts';
import { AppError } from '../../http/errors.ts';
import { PUBLIC_FILE_MODE } from '../../private-files.ts';
import type { ProcessedImage } from './process.ts';

/** Images are served at /images/<file> from DATA_DIR/images (api/app.ts). */
export const IMAGE_URL_PREFIX = '/images/';

export const imagesDir = (dataDir: string): string => path.resolve(dataDir, 'images');

/**
 * The file on disk behind a `/images/...` path, or null when the path is not one or would
 * resolve outside the images folder (`..`, absolute paths, NUL bytes, backslashes).
 */
export const localImageFile = (dataDir: string, imagePath: string): string | null => {
  if (!imagePath.startsWith(IMAGE_URL_PREFIX) || /[\0\\]/.test(imagePath)) return null;
  const root = imagesDir(dataDir);
  const file = path.resolve(root, imagePath.slice(IMAGE_URL_PREFIX.length));
  const relative = path.relative(root, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return file;
};

/** Masters live beside the served files but are never served (a dotted folder: `dotfiles: 'deny'`). */
export const MASTERS_DIR = '.masters';

/** True when the file is there (any error reading it counts as absent). */
export const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Writes whole or not at all: a reader never sees half a file. A write that fails (a full disk)
 * removes its temporary file; only a crash leaves a `.tmp-*` file behind.
 * Readable by others (the owner-only umask notwithstanding): the cluster's nginx workers serve it.
 */
export const writeWhole = async (file: string, bytes: Uint8Array): Promise<void> => {
  const tmp = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
  try {
    await writeFile(tmp, bytes, { flag: 'wx' });
    await chmod(tmp, PUBLIC_FILE_MODE);
    await rename(tmp, file);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
};

/** What the admin is told when the disk is full (or the shop's quota spent): what to do, not the errno. */
export const OUT_OF_SPACE = 'The server is out of disk space: free some space, then upload again.';

/** A write refused for want of space answers 507 Insufficient Storage; any other error is left as it is. */
export const outOfSpace = (error: unknown): unknown => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? new AppError(507, OUT_OF_SPACE, 'images', { cause: error }) : error;
};

/** Where the stripped master of the image at a local path is kept: the same name under `.masters/`. */
export const masterFile = (dataDir: string, imagePath: string): string | null => {
  const file = localImageFile(dataDir, imagePath);
  return file && path.join(imagesDir(dataDir), MASTERS_DIR, path.relative(imagesDir(dataDir), file));
};

/** The files of an image at `imagePath`: each variant, then the spec's path last (once it answers, every variant does). */
const servedFiles = (dataDir: string, imagePath: string, image: ProcessedImage): Array<[string, Uint8Array]> => [
  ...image.variants.map((v): [string, Uint8Array] => [localImageFile(dataDir, variantPath(imagePath, v.width, v.format))!, v.bytes]),
  [localImageFile(dataDir, imagePath)!, image.main],
];

/**
 * Stores a processed image under its content's name (`/images/<hash>.jpg` with its variants and
 * master): the same photo uploaded twice is one set of files. Answers the path and the files
 * this call created, which are all a failed upload may remove (a file that was there is shared).
 */
export const storeProcessed = async (
  dataDir: string,
  name: string,
  image: ProcessedImage,
): Promise<{ path: string; created: string[] }> => {
  const imagePath = `${IMAGE_URL_PREFIX}${name}.${image.ext}`;
  const master = masterFile(dataDir, imagePath)!;
  await mkdir(path.dirname(master), { recursive: true });
  const created: string[] = [];
  try {
    for (const [file, bytes] of [[master, image.master] as [string, Uint8Array], ...servedFiles(dataDir, imagePath, image)]) {
      if (await exists(file)) continue;
      await writeWhole(file, bytes);
      created.push(file);
    }
  } catch (error) {
    // Half an image (a master without its variants) would never be written again: it looks done.
    await removeFiles(created);
    throw error;
  }
  return { path: imagePath, created };
};

/**
 * Writes the variants of an image already served at `imagePath` (an old upload, the old demo's
 * pictures), then replaces the file there by the processed one: the path keeps answering, with
 * the stripped and oriented image. A variant already written (by a run that stopped) is kept.
 */
export const storeBeside = async (dataDir: string, imagePath: string, image: ProcessedImage): Promise<void> => {
  const files = servedFiles(dataDir, imagePath, image);
  const main = files.pop()!;
  for (const [file, bytes] of files) if (!(await exists(file))) await writeWhole(file, bytes);
  await writeWhole(...main);
};

/** Removes files a failed upload created; already gone is fine. */
export const removeFiles = async (files: string[]): Promise<void> => {
  await Promise.all(files.map((f) => unlink(f).catch(() => undefined)));
};

/**
 * Deletes the file behind a local image path with its variants (`<name>-<w>.avif|webp`) and
 * master; a file already gone is not an error.
 */
export const deleteImageFile = async (dataDir: string, imagePath: string): Promise<void> => {
  const file = localImageFile(dataDir, imagePath);
  if (!file) return;
  const dir = path.dirname(file);
  const base = path.basename(file, path.extname(file));
  const variant = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d+\\.(avif|webp)$`);
  const siblings = await readdir(dir).catch(() => [] as string[]);
  const doomed = [file, masterFile(dataDir, imagePath)!, ...siblings.filter((n) => variant.test(n)).map((n) => path.join(dir, n))];
  for (const f of doomed) {
    try {
      await unlink(f);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
};
