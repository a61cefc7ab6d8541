import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisOrder } from '#contracts/order.ts';
import { addCumulative, cumulativeSeries, drawOrder, seriesFromBuckets } from './chart.ts';
import { bucketsOf, order } from './fixtures.ts';

const DAY = '2026-11-27';
const BEFORE = '2026-11-26';
const DAY_MS = 86_400_000;

/** Orders anywhere in one UTC day, to the millisecond, with whole-cent subtotals up to $10,000. */
const ordersOfDay = (date: string) =>
  fc.array(
    fc
      .record({ ms: fc.integer({ min: 0, max: DAY_MS - 1 }), cents: fc.integer({ min: 0, max: 1_000_000 }) })
      .map(({ ms, cents }) => order(new Date(Date.parse(`${date}T00:00:00Z`) + ms).toISOString(), cents / 100)),
    { maxLength: 60 },
  );

// The browser's clock is local; the buckets are UTC hours. A zone half an hour off and a day
// ahead at 23:59 UTC catches any reading of local hours or local dates.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Kolkata';
});
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('cumulative series from hourly buckets', () => {
  it('when the runner is in a time zone not UTC, then the test really runs there', () => {
    expect(new Date(`${DAY}T23:59:00Z`).getHours()).toBe(5);
    expect(new Date(`${DAY}T23:59:00Z`).getTimezoneOffset()).toBe(-330);
  });

  it('when the day had no order, then the series is empty, as the per-order computation gives', () => {
    expect(seriesFromBuckets(bucketsOf([]), DAY)).toEqual([]);
    expect(cumulativeSeries([], DAY)).toEqual([]);
  });

  it('when all orders fall in one hour, then there is one point with their sum', () => {
    const orders = [order(`${DAY}T14:00:00.000Z`, 10.1), order(`${DAY}T14:59:59.999Z`, 0.2)];
    expect(seriesFromBuckets(bucketsOf(orders), DAY)).toEqual([{ name: '2 PM', [DAY]: 10.3 }]);
  });

  it('when orders are at 00:00 and 23:59 UTC, then they sit in 12 AM and 11 PM whatever the local zone', () => {
    const orders = [order(`${DAY}T00:00:00.000Z`, 1), order(`${DAY}T23:59:59.999Z`, 2)];
    const expected = [
      { name: '12 AM', [DAY]: 1 },
      { name: '11 PM', [DAY]: 3 },
    ];
    expect(seriesFromBuckets(bucketsOf(orders), DAY)).toEqual(expected);
    expect(cumulativeSeries(orders, DAY)).toEqual(expected);
  });

  it('when the answer lists the hours out of order, then the series is still in hour order', () => {
    const buckets = bucketsOf([order(`${DAY}T03:00:00Z`, 1), order(`${DAY}T20:00:00Z`, 2)]).reverse();
    expect(seriesFromBuckets(buckets, DAY).map((p) => p.name)).toEqual(['3 AM', '8 PM']);
  });

  it('when a comparison day is built beside it, then each series is keyed by its own date and the longer one is drawn first', () => {
    const today = seriesFromBuckets(bucketsOf([order(`${DAY}T09:00:00Z`, 5)]), DAY);
    const yesterday = seriesFromBuckets(bucketsOf([order(`${BEFORE}T01:00:00Z`, 3), order(`${BEFORE}T22:00:00Z`, 4)]), BEFORE);
    expect(today).toEqual([{ name: '9 AM', [DAY]: 5 }]);
    expect(yesterday).toEqual([
      { name: '1 AM', [BEFORE]: 3 },
      { name: '10 PM', [BEFORE]: 7 },
    ]);
    const [drawnFirst] = drawOrder({ date: DAY, points: today }, { date: BEFORE, points: yesterday });
    expect(drawnFirst.date).toBe(BEFORE);
  });

  it('when a live order is of an hour before the last point, then it lands in its own hour and raises the later ones', () => {
    const series = seriesFromBuckets(bucketsOf([order(`${DAY}T09:00:00Z`, 10), order(`${DAY}T15:00:00Z`, 5)]), DAY);
    expect(addCumulative(series, order(`${DAY}T09:59:00Z`, 1), DAY)).toEqual([
      { name: '9 AM', [DAY]: 11 },
      { name: '3 PM', [DAY]: 16 },
    ]);
    expect(addCumulative(series, order(`${DAY}T12:00:00Z`, 1), DAY)).toEqual([
      { name: '9 AM', [DAY]: 10 },
      { name: '12 PM', [DAY]: 11 },
      { name: '3 PM', [DAY]: 16 },
    ]);
    expect(addCumulative(series, order(`${DAY}T00:30:00Z`, 1), DAY)[0]).toEqual({ name: '12 AM', [DAY]: 1 });
  });

  it('when orders are random, then the bucketed series equals the per-order computation', () => {
    fc.assert(
      fc.property(ordersOfDay(DAY), (orders) => {
        expect(seriesFromBuckets(bucketsOf(orders), DAY)).toEqual(cumulativeSeries(orders, DAY));
      }),
      { numRuns: 300 },
    );
  });

  it('when some orders are fetched as buckets and the rest arrive live in any order, then the series equals the per-order computation of all', () => {
    fc.assert(
      fc.property(ordersOfDay(DAY), ordersOfDay(DAY), (fetched: AnalysisOrder[], live: AnalysisOrder[]) => {
        const series = live.reduce((s, o) => addCumulative(s, o, DAY), seriesFromBuckets(bucketsOf(fetched), DAY));
        expect(series).toEqual(cumulativeSeries([...fetched, ...live], DAY));
      }),
      { numRuns: 300 },
    );
  });
});
