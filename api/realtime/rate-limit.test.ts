import { describe, expect, it } from 'vitest';
import { slidingWindow } from './rate-limit.ts';

describe('sliding window rate limit', () => {
  it('when five messages came within a second, then a sixth is refused until the oldest is a second old', () => {
    let now = 10_000;
    const allow = slidingWindow(5, 1000, () => now);
    const first = [0, 100, 200, 300, 400].map((at) => ((now = 10_000 + at), allow()));
    expect(first).toEqual([true, true, true, true, true]);
    now = 10_999;
    expect(allow()).toBe(false);
    now = 11_000;
    expect(allow()).toBe(true);
    expect(allow()).toBe(false);
  });
});
