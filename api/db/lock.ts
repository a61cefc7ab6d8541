/**
 * One process at a time on an embedded database directory: PGlite has no lock of its own, and
 * two processes writing one directory corrupt it. `DATA_DIR/run/pglite.lock` holds the owner's
 * pid; a lock whose process is gone (a SIGKILL, a power cut) is taken over.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export const lockFile = (dataDir: string): string => path.resolve(dataDir, 'run', 'pglite.lock');

/** Whether a process with this pid exists (signal 0 only asks). */
export const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The pid holding the embedded database under `dataDir`, if a living process does. */
export const lockHolder = async (dataDir: string): Promise<number | undefined> => {
  const pid = Number((await readFile(lockFile(dataDir), 'utf8').catch(() => '')).trim());
  return Number.isInteger(pid) && pid > 0 && processAlive(pid) ? pid : undefined;
};

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

/** Takes the lock or throws DatabaseInUseError naming the holder; resolves with its release. */
export const lockDataDir = async (dataDir: string): Promise<() => Promise<void>> => {
  const file = lockFile(dataDir);
  await mkdir(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await lockHolder(dataDir);
      if (holder !== undefined) {
        throw new DatabaseInUseError(
          `The embedded database in ${path.resolve(dataDir)} is open in process ${holder}${holder === process.pid ? ' (this one)' : ''}: stop that shop first, or use another DATA_DIR.`,
        );
      }
      // Its process is gone: the lock is stale.
      await rm(file, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not take the lock ${file}: another process keeps taking it.`);
};
