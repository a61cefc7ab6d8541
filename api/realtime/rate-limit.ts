/**
 * A sliding window: at most `max` events in any `windowMs`. One per socket, so it goes away
 * with the socket. `now` is injectable so tests need not wait.
 */
export const slidingWindow = (max: number, windowMs: number, now: () => number = Date.now) => {
  const times: number[] = [];
  return (): boolean => {
    const t = now();
    while (times.length > 0 && times[0]! <= t - windowMs) times.shift();
    if (times.length >= max) return false;
    times.push(t);
    return true;
  };
};

/**
 * Windows per key (an address): at most `max` hits in a window of `windowMs` that opens with
 * the key's first hit. The Redis counter (redis-limits.ts) counts the same way, so one instance
 * alone and several sharing Redis agree. Passed windows are swept once a window, so idle
 * addresses cost nothing.
 */
export const keyedWindows = (max: number, windowMs: number, now: () => number = Date.now) => {
  const windows = new Map<string, { start: number; count: number }>();
  let swept = now();
  return (key: string): boolean => {
    const t = now();
    if (t - swept >= windowMs) {
      for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
      swept = t;
    }
    let w = windows.get(key);
    if (!w || t - w.start >= windowMs) windows.set(key, (w = { start: t, count: 0 }));
    if (w.count >= max) return false;
    w.count += 1;
    return true;
  };
};
