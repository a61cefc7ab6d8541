import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisOrder, HourBucket } from '#contracts/order.ts';
import { toCents } from '#contracts/rules.ts';
import { type TestApi, startTestApi } from '../../testing/api-harness.ts';
import { insertOrderAt } from './fixtures.ts';
import { adminWithProfile, customerWithProfile, type Shopper } from '../../testing/test-api.ts';

const DAY = '2026-03-08';

/** The chart's reading of the per-order answer: per UTC hour, revenue so far and orders in that hour. */
const bucketsFromOrders = (orders: AnalysisOrder[]): HourBucket[] => {
  const cents = Array<number>(24).fill(0);
  const counts = Array<number>(24).fill(0);
  for (const o of orders) {
    const hour = new Date(o.createdAt).getUTCHours();
    cents[hour]! += toCents(o.orderTotal.cartSubtotal);
    counts[hour]! += 1;
  }
  let running = 0;
  return cents.map((c, hour) => ({ hour, total: (running += c) / 100, orders: counts[hour]! }));
};

describe('revenue analysis of a UTC day', () => {
  let t: TestApi;
  let boss: Shopper;
  let buyer: Shopper;
  const inDay: Array<{ at: string; cents: number }> = [];
  beforeAll(async () => {
    t = await startTestApi();
    boss = await adminWithProfile(t);
    buyer = await customerWithProfile(t);
    // Either side of both midnights, inserted out of order, with cents that do not round-trip through floats naively.
    await insertOrderAt(t, buyer.id, '2026-03-07T23:59:59.999Z', 70_000);
    await insertOrderAt(t, buyer.id, '2026-03-09T00:00:00.000Z', 80_000);
    const times = ['2026-03-08T23:59:59.999Z', '2026-03-08T00:00:00.000Z', '2026-03-08T13:30:00.000Z', '2026-03-08T13:05:00.000Z'];
    for (let i = 0; i < 120; i++) times.push(new Date(Date.parse(`${DAY}T00:00:00Z`) + ((i * 7_919_113) % 86_400_000)).toISOString());
    for (const [i, at] of times.entries()) {
      const cents = 1 + ((i * 104_729) % 250_000);
      inDay.push({ at, cents });
      await insertOrderAt(t, buyer.id, at, cents);
    }
  });
  afterAll(() => t.stop());

  const get = async <T>(path: string): Promise<T> => {
    const res = await t.authed(boss.token)(path);
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };

  it('when an admin asks for a day, then exactly its UTC orders come, ascending, with subtotals in dollars', async () => {
    const orders = await get<AnalysisOrder[]>(`/api/orders/analysis/${DAY}`);
    expect(orders).toHaveLength(inDay.length);
    expect(orders.every((o) => o.createdAt.slice(0, 10) === DAY)).toBe(true);
    const times = orders.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort());
    expect(times[0]).toBe('2026-03-08T00:00:00.000Z');
    expect(times.at(-1)).toBe('2026-03-08T23:59:59.999Z');
    expect(orders.reduce((n, o) => n + toCents(o.orderTotal.cartSubtotal), 0)).toBe(inDay.reduce((n, o) => n + o.cents, 0));
    expect(Object.keys(orders[0]!).sort()).toEqual(['_id', 'createdAt', 'orderTotal']);
  });

  it('when an admin asks for hourly buckets, then the 24 cumulative points equal the per-order computation', async () => {
    const orders = await get<AnalysisOrder[]>(`/api/orders/analysis/${DAY}`);
    const buckets = await get<HourBucket[]>(`/api/orders/analysis/${DAY}?bucket=hour`);
    expect(buckets.map((b) => b.hour)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(buckets).toEqual(bucketsFromOrders(orders));
    expect(buckets.at(-1)!.total).toBe(inDay.reduce((n, o) => n + o.cents, 0) / 100);
    expect(buckets.reduce((n, b) => n + b.orders, 0)).toBe(inDay.length);
  });

  it('when a cash-on-delivery order is delivered, then it reads paid and its day counts it in the revenue', async () => {
    const day = '2026-03-11';
    const id = await insertOrderAt(t, buyer.id, `${day}T09:15:00.000Z`, 12_345);
    const res = await t.authed(boss.token)(`/api/orders/delivered/${id}`, { method: 'PUT' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ isDelivered: true, isPaid: true });
    expect(await get<AnalysisOrder[]>(`/api/orders/analysis/${day}`)).toEqual([
      { _id: id, createdAt: `${day}T09:15:00.000Z`, orderTotal: { cartSubtotal: 123.45 } },
    ]);
    expect((await get<HourBucket[]>(`/api/orders/analysis/${day}?bucket=hour`))[9]).toEqual({ hour: 9, total: 123.45, orders: 1 });
  });

  it('when the day has no orders, then an empty list and 24 points at zero', async () => {
    expect(await get<AnalysisOrder[]>('/api/orders/analysis/2026-03-10')).toEqual([]);
    expect(await get<HourBucket[]>('/api/orders/analysis/2026-03-10?bucket=hour')).toEqual(
      Array.from({ length: 24 }, (_, hour) => ({ hour, total: 0, orders: 0 })),
    );
  });

  it.each([['2026-3-8'], ['yesterday'], ['2026-02-30'], ['2026-13-01'], ['0000-01-01'], ['0001-01-01'], ['1999-12-31']])(
    'when the date is %s, then 400 naming date',
    async (date) => {
      const res = await t.authed(boss.token)(`/api/orders/analysis/${date}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { field: string }).field).toBe('date');
    },
  );

  it('when the date is the first or the last day of the accepted range, then both answers come (empty)', async () => {
    for (const date of ['2000-01-01', '9999-12-31']) {
      expect(await get<AnalysisOrder[]>(`/api/orders/analysis/${date}`)).toEqual([]);
      expect((await get<HourBucket[]>(`/api/orders/analysis/${date}?bucket=hour`)).at(-1)).toEqual({ hour: 23, total: 0, orders: 0 });
    }
  });

  it('when the bucket is not hour, then 400 naming bucket', async () => {
    const res = await t.authed(boss.token)(`/api/orders/analysis/${DAY}?bucket=minute`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe('bucket');
  });
});
