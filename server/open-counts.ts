/** A key a holder would count against, and how many may hold it at once. */
export type OpenCap = { key: string; max: number };

/**
 * Concurrent holders per key (open sockets per address or session). `take` counts one in on
 * every key when each has room, else names the first full one. The release is idempotent: a
 * socket may end by several paths.
 */
export const openCounts = () => {
  const counts = new Map<string, number>();
  const add = (key: string, n: number) => {
    const next = (counts.get(key) ?? 0) + n;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  return {
    count: (key: string) => counts.get(key) ?? 0,
    take(caps: OpenCap[]): { full: OpenCap } | { release: () => void } {
      const full = caps.find(({ key, max }) => (counts.get(key) ?? 0) >= max);
      if (full) return { full };
      for (const { key } of caps) add(key, 1);
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          for (const { key } of caps) add(key, -1);
        },
      };
    },
  };
};
