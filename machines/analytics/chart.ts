import type { AnalysisOrder, ChartPoint } from '../../contracts/order.ts';
import { fromCents, toCents } from '../../contracts/rules.ts';

/** Dates are the first 10 characters of the ISO timestamp (UTC). */
export const utcDate = (iso: string): string => iso.slice(0, 10);
export const todayUtc = (now: Date): string => now.toISOString().slice(0, 10);
export const dayBefore = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The UTC hour of a timestamp in 12-hour format, e.g. '12 AM', '1 PM'. */
export const hourLabel = (iso: string): string => {
  const h = new Date(iso).getUTCHours();
  return `${h % 12 || 12} ${h < 12 ? 'AM' : 'PM'}`;
};

/** Adds one order to a cumulative series: into the last hour bucket when it is that hour, else a new bucket. */
export const addCumulative = (series: ChartPoint[], order: AnalysisOrder, date: string): ChartPoint[] => {
  const lastPoint = series[series.length - 1];
  const total = toCents(Number(lastPoint?.[date] ?? 0)) + toCents(order.orderTotal.cartSubtotal);
  const name = hourLabel(order.createdAt);
  const point: ChartPoint = { name, [date]: fromCents(total) };
  return lastPoint?.name === name ? [...series.slice(0, -1), point] : [...series, point];
};

/** Cumulative revenue per UTC hour for one date, built client-side from that date's orders. */
export const cumulativeSeries = (orders: AnalysisOrder[], date: string): ChartPoint[] =>
  [...orders].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).reduce<ChartPoint[]>((series, o) => addCumulative(series, o, date), []);

/** The series with more points is drawn first (and takes the first colour). */
export const drawOrder = <T extends { points: ChartPoint[] }>(a: T, b: T): [T, T] => (b.points.length > a.points.length ? [b, a] : [a, b]);
