/** The part of the Web Storage API the machines use, so tests can pass an in-memory one. */
export type StorageLike = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

/**
 * A storage handle kept in a machine's context. Its `toJSON` hides the storage's contents, so
 * persisted snapshots and exported event logs never copy what the browser stores.
 */
export type StorageRef = StorageLike & { toJSON: () => string };

export const storageRef = (storage: StorageLike, name: string): StorageRef => ({
  getItem: (key) => storage.getItem(key),
  setItem: (key, value) => storage.setItem(key, value),
  removeItem: (key) => storage.removeItem(key),
  toJSON: () => `[${name}]`,
});

/** The browser's local storage, or null where the page may not use it (sandboxed frames, privacy modes, no window). */
export const browserLocalStorage = (): StorageLike | null => {
  try {
    // Only browsers have it (machines also run on the servers and in tests): read it as optional.
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
  } catch {
    return null;
  }
};

/** Plain JSON of `key`, or null when absent or unreadable (an unreadable value is removed). */
export const readJson = (storage: StorageLike, key: string): unknown => {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    safeRemove(storage, key);
    return null;
  }
};

/** Writes never throw: a full or blocked storage must not stop the shop. */
export const writeJson = (storage: StorageLike, key: string, value: unknown): void => {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the in-memory state stays correct
  }
};

export const safeRemove = (storage: StorageLike, key: string): void => {
  try {
    storage.removeItem(key);
  } catch {
    // storage disabled: nothing stored to remove
  }
};

/**
 * Reads `{ version, ...data }` written by `writeVersioned`. A value of another version or one
 * that `parse` rejects is removed and null returned, so an old or damaged entry cannot break
 * the start-up.
 */
export const readVersioned = <T>(
  storage: StorageLike,
  key: string,
  version: number,
  parse: (data: Record<string, unknown>) => T | null,
): T | null => {
  const raw = readJson(storage, key);
  if (raw === null) return null;
  const data = isRecord(raw) && raw.version === version ? parse(raw) : null;
  if (data === null) safeRemove(storage, key);
  return data;
};

export const writeVersioned = (storage: StorageLike, key: string, version: number, data: object): void =>
  writeJson(storage, key, { version, ...data });

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An in-memory StorageLike for tests and for environments without Web Storage. */
export const memoryStorage = (initial: Record<string, string> = {}): StorageLike & { dump: () => Record<string, string> } => {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
    dump: () => Object.fromEntries(data),
  };
};

/** A storage that keeps its first contents and ignores writes: model replays then see what generation saw. */
export const frozenStorage = (initial: Record<string, string> = {}): StorageLike => {
  const data = new Map(Object.entries(initial));
  return { getItem: (key) => data.get(key) ?? null, setItem: () => undefined, removeItem: () => undefined };
};
