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
