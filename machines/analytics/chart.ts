import type { AnalysisOrder, ChartPoint, HourBucket } from '#contracts/order.ts';
import { fromCents, toCents } from '#contracts/rules.ts';

/** Dates are the first 10 characters of the ISO timestamp (UTC). */
export const utcDate = (iso: string): string => iso.slice(0, 10);
export const todayUtc = (now: Date): string => now.toISOString().slice(0, 10);
export const dayBefore = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** A UTC hour (0–23) in 12-hour format, e.g. '12 AM', '1 PM'. */
export const hourText = (hour: number): string => `${hour % 12 || 12} ${hour < 12 ? 'AM' : 'PM'}`;

/** '12 AM' → 0, '1 PM' → 13: a chart label back to the UTC hour it names. */
export const hourOf = (label: string): number => {
  const [h = '0', half] = label.split(' ');
  return (Number(h) % 12) + (half === 'PM' ? 12 : 0);
};

/** The UTC hour of a timestamp in 12-hour format; read in UTC, so the browser's time zone never shifts it. */
export const hourLabel = (iso: string): string => hourText(new Date(iso).getUTCHours());

const valueOf = (point: ChartPoint | undefined, date: string): number => Number(point?.[date] ?? 0);

/**
 * Adds one order to a cumulative series: into its own UTC hour's point (a new one when that
 * hour had none, valued at the hour before it plus the order), and into every later point, whose
 * totals include it. A live order is normally of the last hour, but one that arrives late (its
 * hour already followed by another) still lands in its own hour.
 */
export const addCumulative = (series: ChartPoint[], order: AnalysisOrder, date: string): ChartPoint[] => {
  const hour = new Date(order.createdAt).getUTCHours();
  const cents = toCents(order.orderTotal.cartSubtotal);
  const plus = (p: ChartPoint): ChartPoint => ({ ...p, [date]: fromCents(toCents(valueOf(p, date)) + cents) });
  const at = series.findIndex((p) => hourOf(p.name) >= hour);
  if (at === -1) return [...series, plus({ name: hourText(hour), [date]: valueOf(series.at(-1), date) })];
  const own = hourOf(series[at]!.name) === hour ? [] : [plus({ name: hourText(hour), [date]: valueOf(series[at - 1], date) })];
  return [...series.slice(0, at), ...own, ...series.slice(at).map(plus)];
};

/**
 * The spec's per-order computation (section 7): cumulative revenue per UTC hour, one point per
 * hour that had an order. The page no longer fetches orders; this stays as the definition the
 * hourly answer is checked against.
 */
export const cumulativeSeries = (orders: AnalysisOrder[], date: string): ChartPoint[] => {
  // One pass in integer cents (a day can hold 100,000 orders; adding them one by one with
  // addCumulative would copy the series each time).
  const cents = new Map<number, number>();
  for (const o of orders) {
    const hour = new Date(o.createdAt).getUTCHours();
    cents.set(hour, (cents.get(hour) ?? 0) + toCents(o.orderTotal.cartSubtotal));
  }
  let running = 0;
  return [...cents.keys()]
    .sort((a, b) => a - b)
    .map((hour) => ({ name: hourText(hour), [date]: fromCents((running += cents.get(hour)!)) }));
};

/**
 * The same series from `?bucket=hour`'s 24 points (each the revenue up to the end of its UTC
 * hour, and that hour's order count): one point per hour that had an order, as the per-order
 * computation gives, so the draw order (more points first) is unchanged. The hour is the API's
 * number, never a clock reading of the browser's.
 */
export const seriesFromBuckets = (buckets: HourBucket[], date: string): ChartPoint[] =>
  [...buckets]
    .sort((a, b) => a.hour - b.hour)
    .filter((b) => b.orders > 0)
    .map((b) => ({ name: hourText(b.hour), [date]: b.total }));

/** The series with more points is drawn first (and takes the first colour). */
export const drawOrder = <T extends { points: ChartPoint[] }>(a: T, b: T): [T, T] => (b.points.length > a.points.length ? [b, a] : [a, b]);
