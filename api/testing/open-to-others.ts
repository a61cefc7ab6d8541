import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every entry of a DATA_DIR with more bits for others than intended (api/private-files.ts), as
 * `relative-path mode`: DATA_DIR itself may be passed through (0711), the images read (folders
 * 0755, files 0644); anything else is the owner's alone.
 */
export const openToOthers = async (dataDir: string): Promise<string[]> => {
  const found: string[] = [];
  const visit = async (relative: string) => {
    const stat = await lstat(path.join(dataDir, relative));
    const images = relative === 'images' || relative.startsWith(`images${path.sep}`);
    const allowed = relative === '' ? 0o011 : images ? (stat.isDirectory() ? 0o055 : 0o044) : 0;
    if ((stat.mode & 0o077 & ~allowed) !== 0) found.push(`${relative || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of await readdir(path.join(dataDir, relative))) await visit(path.join(relative, name));
  };
  await visit('');
  return found;
};
