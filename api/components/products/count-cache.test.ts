import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/index.ts';
import { cachedCount, forgetCounts } from './count-cache.ts';

const fakeDb = (): Queryable => ({ query: () => Promise.reject(new Error('not used')) });

describe('the product count cache', () => {
  it('when the same filter is counted again within seconds, then the database is asked once; after the lifetime, again', async () => {
    const db = fakeDb();
    let clock = 1_000;
    let asked = 0;
    const count = () => Promise.resolve(++asked * 10);
    const now = () => clock;
    expect(await cachedCount(db, 'f', count, now)).toBe(10);
    clock += 4_000;
    expect(await cachedCount(db, 'f', count, now)).toBe(10);
    expect(await cachedCount(db, 'g', count, now)).toBe(20);
    clock += 1_000;
    expect(await cachedCount(db, 'f', count, now)).toBe(30);
  });

  it('when products change through the API, then the next count is fresh, even one begun before the change', async () => {
    const db = fakeDb();
    let asked = 0;
    expect(await cachedCount(db, 'f', () => Promise.resolve(++asked))).toBe(1);
    forgetCounts(db);
    expect(await cachedCount(db, 'f', () => Promise.resolve(++asked))).toBe(2);
    let finish = (_n: number) => undefined as void;
    const slow = cachedCount(db, 'h', () => new Promise<number>((resolve) => (finish = resolve)));
    forgetCounts(db);
    finish(99);
    expect(await slow).toBe(99);
    expect(await cachedCount(db, 'h', () => Promise.resolve(5))).toBe(5);
  });

  it('when pages of one filter are asked for at once, then they share one count', async () => {
    const db = fakeDb();
    let asked = 0;
    const count = () => Promise.resolve(++asked);
    expect(await Promise.all([cachedCount(db, 'f', count), cachedCount(db, 'f', count), cachedCount(db, 'f', count)])).toEqual([1, 1, 1]);
    expect(asked).toBe(1);
  });

  it('when many filters are counted, then only the newest thousand are kept', async () => {
    const db = fakeDb();
    for (let i = 0; i <= 1000; i++) await cachedCount(db, `k${i}`, () => Promise.resolve(i));
    expect(await cachedCount(db, 'k0', () => Promise.resolve(-1))).toBe(-1);
    expect(await cachedCount(db, 'k1000', () => Promise.resolve(-1))).toBe(1000);
  });
});
