import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { RedisLink } from '#server/redis-open-counts.ts';

/** A logout the API has not confirmed yet, as kept outside the process. */
export type KeptLogout = {
  /** The token's hash (ended-sessions.ts keys by it). */
  key: string;
  /** The token, sealed with a key derived from SESSION_SECRET: the store alone opens no session. */
  sealed: string;
  /** The shopper's address, which the API's call carries, as at the logout. */
  address: string;
  /** When the token dies at the API anyway (its longest life): the entry is dropped then. */
  expiresAt: number;
};

/**
 * Where ended sessions wait for the API's confirmation, so that a restart of the BFF never
 * brings a logged-out session back: a file under DATA_DIR (`npm start`), Redis (the cluster,
 * REDIS_URL), or nowhere (tests of the retry alone).
 */
export type EndedStore = {
  /** The logouts still waiting, read at start. */
  load(): Promise<KeptLogout[]>;
  add(entry: KeptLogout): Promise<void>;
  remove(key: string): Promise<void>;
  /** Waits for writes under way. */
  close(): Promise<void>;
};

/** The longest a session lives at the API (doNotLogout: seven days): past it, nothing is left to revoke. */
export const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export const noEndedStore = (): EndedStore => ({
  load: async () => [],
  add: async () => undefined,
  remove: async () => undefined,
  close: async () => undefined,
});

export type TokenSeal = { seal(token: string): string; open(sealed: string): string | null };

/** AES-256-GCM under a key derived from SESSION_SECRET (its own label: not the cookie's key). */
export const tokenSeal = (secret: string): TokenSeal => {
  const key = Buffer.from(hkdfSync('sha256', secret, 'statefront-bff', 'ended-sessions A256GCM', 32));
  return {
    seal(token) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed) {
      try {
        const raw = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        // Another SESSION_SECRET sealed it: its cookie no longer opens either.
        return null;
      }
    },
  };
};

const isKept = (value: unknown): value is KeptLogout => {
  const entry = value as Partial<KeptLogout> | null;
  return (
    typeof entry?.key === 'string' &&
    typeof entry.sealed === 'string' &&
    typeof entry.address === 'string' &&
    typeof entry.expiresAt === 'number'
  );
};

/**
 * One BFF's file, `DATA_DIR/ended-sessions/pending.json`: its folder only the owner may open
 * (0700), the file only the owner may read (0600). Written whole on each change (a new file
 * renamed into place, so a crash leaves the old or the new list), one write at a time.
 */
export const fileEndedStore = (dataDir: string, logger: Logger): EndedStore => {
  const folder = path.resolve(dataDir, 'ended-sessions');
  const file = path.join(folder, 'pending.json');
  const entries = new Map<string, KeptLogout>();
  let writing: Promise<void> = Promise.resolve();
  /** A write not started yet: changes made meanwhile ride on it (a burst of logouts is one write). */
  let queued: Promise<void> | undefined;
  let writes = 0;

  const write = async () => {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await chmod(folder, 0o700);
    writes += 1;
    const draft = `${file}.${process.pid}.${writes}`;
    await writeFile(draft, JSON.stringify([...entries.values()]), { mode: 0o600, flag: 'wx' });
    await rename(draft, file);
  };
  // One write at a time, each of the list as it is when the write starts: the file ends as the last change left it.
  const flush = (): Promise<void> => {
    if (queued) return queued;
    queued = writing
      .then(() => {
        queued = undefined;
        return write();
      })
      .catch((err: unknown) => {
        logger.error({ err }, `cannot keep the logouts waiting for the API in ${file}: a restart would forget them`);
      });
    writing = queued;
    return queued;
  };

  return {
    async load() {
      const text = await readFile(file, 'utf8').catch(() => '[]');
      let parsed: unknown = [];
      try {
        parsed = JSON.parse(text);
      } catch {
        logger.warn({ file }, 'the list of logouts waiting for the API is unreadable: it starts empty');
      }
      for (const entry of Array.isArray(parsed) ? parsed.filter(isKept) : []) entries.set(entry.key, entry);
      return [...entries.values()];
    },
    add(entry) {
      entries.set(entry.key, entry);
      return flush();
    },
    remove(key) {
      if (!entries.delete(key)) return writing;
      return flush();
    },
    close: () => writing,
  };
};

const PREFIX = 'statefront:ended-session:';

/**
 * Every instance's logouts in Redis, one key each, expiring with the token: any instance that
 * starts picks them up. A Redis that fails is logged; the logout still holds on this instance.
 */
export const redisEndedStore = (link: RedisLink, logger: Logger): EndedStore => {
  const failed = (what: string) => (err: unknown) => {
    logger.error({ err }, `Redis did not ${what} a logout waiting for the API`);
  };
  return {
    async load() {
      const found: KeptLogout[] = [];
      let cursor = '0';
      do {
        const [next, keys] = (await link.sendCommand(['SCAN', cursor, 'MATCH', `${PREFIX}*`, 'COUNT', '1000'])) as [string, string[]];
        cursor = next;
        const values = keys.length ? ((await link.sendCommand(['MGET', ...keys])) as Array<string | null>) : [];
        for (const value of values) {
          try {
            const entry: unknown = value && JSON.parse(value);
            if (isKept(entry)) found.push(entry);
          } catch {
            // Not ours to read: skipped.
          }
        }
      } while (cursor !== '0');
      return found;
    },
    add: (entry) =>
      link
        .sendCommand(['SET', PREFIX + entry.key, JSON.stringify(entry), 'PXAT', String(entry.expiresAt)])
        .then(() => undefined, failed('keep')),
    remove: (key) => link.sendCommand(['DEL', PREFIX + key]).then(() => undefined, failed('drop')),
    close: async () => undefined,
  };
};
