import { MemoryStore, type Options, type Store } from 'express-rate-limit';

export type PinLockoutOptions = {
  /** Wrong PINs within the window that lock the key. */
  failures: number;
  /** The window of the count and the length of the lock. */
  windowMs: number;
  /** Shared counters (Redis with REDIS_URL); this instance's memory otherwise. One store each. */
  stores?: { failures?: Store | undefined; locks?: Store | undefined };
};

export type PinLockout = {
  /** Milliseconds until the key may try again; 0 when it may now. */
  lockedFor(key: string): Promise<number>;
  /** Counts a wrong PIN; answers the lock's length when this one locked the key, else the tries left. */
  fail(key: string): Promise<{ lockedFor: number; triesLeft: number }>;
};

const remaining = (info: { resetTime?: Date | undefined } | undefined): number =>
  info?.resetTime ? Math.max(0, info.resetTime.getTime() - Date.now()) : 0;

/**
 * Wrong PINs counted in the rate limiters' stores (so every instance shares them with
 * REDIS_URL). Unlike the limiters' fixed window, the lock is its own entry, written when the
 * last allowed failure happens: it lasts the whole window from that moment, not what is left of
 * the window of the first failure.
 */
export const pinLockout = ({ failures, windowMs, stores = {} }: PinLockoutOptions): PinLockout => {
  const open = (store: Store | undefined): Store => {
    const chosen = store ?? new MemoryStore();
    // The stores read only windowMs from the limiter's options.
    void chosen.init?.({ windowMs } as Options);
    return chosen;
  };
  const counts = open(stores.failures);
  const locks = open(stores.locks);
  const read = async (store: Store, key: string) => (store.get ? store.get(key) : undefined);

  return {
    async lockedFor(key) {
      const lock = await read(locks, key);
      return lock && lock.totalHits > 0 ? remaining(lock) : 0;
    },
    async fail(key) {
      const { totalHits } = await counts.increment(key);
      if (totalHits < failures) return { lockedFor: 0, triesLeft: failures - totalHits };
      await counts.resetKey(key);
      const lock = await locks.increment(key);
      return { lockedFor: remaining(lock) || windowMs, triesLeft: 0 };
    },
  };
};
