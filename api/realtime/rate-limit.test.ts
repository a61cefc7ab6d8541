import { describe, expect, it } from 'vitest';
import { openCounts } from '#server/open-counts.ts';
import { keyedWindows, slidingWindow } from './rate-limit.ts';

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

describe('per-address windows', () => {
  it('when an address has used its window, then it is refused until the window that opened with its first hit has passed; others are not', () => {
    let now = 5_000;
    const allow = keyedWindows(3, 60_000, () => now);
    expect([1, 2, 3, 4].map(() => allow('a'))).toEqual([true, true, true, false]);
    expect(allow('b')).toBe(true);
    now = 5_000 + 59_999;
    expect(allow('a')).toBe(false);
    now = 5_000 + 60_000;
    expect(allow('a')).toBe(true);
  });
});

describe('open counts', () => {
  it('when a key is full, then taking names it; a release frees the place once, however often it is called', () => {
    const open = openCounts();
    const caps = [
      { key: 'address:x', max: 2 },
      { key: 'session:s', max: 1 },
    ];
    const first = open.take(caps);
    expect(open.take(caps)).toEqual({ full: caps[1] });
    expect('release' in first).toBe(true);
    if ('release' in first) {
      first.release();
      first.release();
    }
    expect(open.count('address:x')).toBe(0);
    expect('release' in open.take(caps)).toBe(true);
  });
});
