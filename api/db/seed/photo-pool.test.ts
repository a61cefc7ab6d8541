import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { POOL_SHOTS, renderSource } from './photo-pool.ts';

describe('the demo photo pool', () => {
  it('when a source photo is drawn, then it is a 2400x1800 JPEG of 1 to 3 MB, the same bytes every time, and the pool holds at most 12', async () => {
    expect(POOL_SHOTS.length).toBeLessThanOrEqual(12);
    // The parcel has the flattest picture of the twelve: the smallest file (1.27 MB when measured).
    const [a, b] = await Promise.all([renderSource('parcel'), renderSource('parcel')]);
    expect(a.equals(b)).toBe(true);
    expect(await sharp(a).metadata()).toMatchObject({ format: 'jpeg', width: 2400, height: 1800 });
    expect(a.length).toBeGreaterThan(1_000_000);
    expect(a.length).toBeLessThan(3_000_000);
  });
});
