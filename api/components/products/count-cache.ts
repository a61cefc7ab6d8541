import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/index.ts';

/**
 * How many products match a filter, remembered for a few seconds: the spec's
 * paginationLinksNumber needs the count on every page, and at 100,000 products counting costs
 * more than the page itself. Paging through one filter counts once, and pages of one filter
 * asked at once share one count. Writes through the products component forget the counts at
 * once; others (a review moving a rating, a renamed category, another API instance) show in
 * the page count within TTL_MS of a count finishing. The products themselves are never cached.
 */
const TTL_MS = 5000;
/** Filters are user input: bound the memory they can take. */
const MAX_ENTRIES = 1000;

type Counts = LRUCache<string, number, () => Promise<number>>;

const newCounts = (now: () => number): Counts =>
  new LRUCache<string, number, () => Promise<number>>({
    max: MAX_ENTRIES,
    // lru-cache still answers from an entry exactly `ttl` old; a count is believed for less than TTL_MS.
    ttl: TTL_MS - 1,
    // Read the clock on every look-up (lru-cache otherwise reuses one reading for a millisecond).
    ttlResolution: 0,
    perf: { now },
    // A count pushed out by newer filters while it runs still answers the pages waiting on it.
    ignoreFetchAbort: true,
    fetchMethod: (_filter, _stale, { context: count }) => count(),
  });

/**
 * One cache a database. Forgetting drops it whole: a count begun before a write answers the
 * pages that asked for it, but lands in the dropped cache, so no page after the write sees it.
 */
const caches = new WeakMap<Queryable, Counts>();

/** `now` (tests) is the clock of this database's cache, taken when its first count is asked for. */
export const cachedCount = (db: Queryable, key: string, count: () => Promise<number>, now = Date.now): Promise<number> => {
  let counts = caches.get(db);
  if (!counts) caches.set(db, (counts = newCounts(now)));
  // fetchMethod always gives a number (or throws), so the answer is never undefined.
  return counts.fetch(key, { context: count }) as Promise<number>;
};

/** After a product is added, changed or removed. */
export const forgetCounts = (db: Queryable): void => {
  caches.delete(db);
};
