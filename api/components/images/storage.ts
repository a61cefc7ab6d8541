import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageType } from './image-type.ts';

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

/** Stores the bytes under a generated name; answers the path the product records. */
export const storeImage = async (dataDir: string, bytes: Uint8Array, type: ImageType): Promise<string> => {
  const root = imagesDir(dataDir);
  await mkdir(root, { recursive: true });
  const name = `${randomUUID()}.${type}`;
  // 'wx': a generated name never overwrites an existing file.
  await writeFile(path.join(root, name), bytes, { flag: 'wx' });
  return `${IMAGE_URL_PREFIX}${name}`;
};

/** Deletes the file behind a local image path; a file already gone is not an error. */
export const deleteImageFile = async (dataDir: string, imagePath: string): Promise<void> => {
  const file = localImageFile(dataDir, imagePath);
  if (!file) return;
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
};
