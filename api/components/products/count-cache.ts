import type { Queryable } from '../../db/index.ts';

/**
 * How many products match a filter, remembered for a few seconds: the spec's
 * paginationLinksNumber needs the count on every page, and at 100,000 products counting costs
 * more than the page itself. Paging through one filter counts once. Writes through the products
 * component forget the counts at once; others (a review moving a rating, a renamed category,
 * another API instance) show in the page count within TTL_MS. The products themselves are
 * never cached.
 */
const TTL_MS = 5000;
/** Filters are user input: bound the memory they can take. */
const MAX_ENTRIES = 1000;

type Entry = { count: number; at: number };
/** `generation` moves on each forget, so a count begun before a write is not kept after it. */
type Cache = { entries: Map<string, Entry>; generation: number };
const caches = new WeakMap<Queryable, Cache>();

const cacheOf = (db: Queryable): Cache => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { entries: new Map(), generation: 0 }));
  return cache;
};

export const cachedCount = async (db: Queryable, key: string, count: () => Promise<number>, now = Date.now): Promise<number> => {
  const cache = cacheOf(db);
  const { entries, generation } = cache;
  const hit = entries.get(key);
  if (hit && now() - hit.at < TTL_MS) return hit.count;
  const started = now();
  const fresh = await count();
  if (cache.generation !== generation) return fresh;
  entries.delete(key);
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { count: fresh, at: started });
  return fresh;
};

/** After a product is added, changed or removed. */
export const forgetCounts = (db: Queryable): void => {
  const cache = caches.get(db);
  if (!cache) return;
  cache.entries.clear();
  cache.generation++;
};
