import type { ChartPoint } from '#contracts/order.ts';
import { drawOrder, hourOf } from '#machines/analytics/chart.ts';

/** One compared date as drawn: its points, in time order, as numbers. */
export type Series = { date: string; color: string; points: { hour: number; label: string; value: number }[] };

/** Two colours with AA contrast on white; which date gets which follows the draw order. */
export const SERIES_COLORS = ['#1d4ed8', '#b45309'] as const;

const toSeries = (date: string, points: ChartPoint[]) => ({
  date,
  points: points.map((p) => ({ hour: hourOf(p.name), label: p.name, value: Number(p[date] ?? 0) })),
});

/**
 * Spec section 2: the series with more points is drawn first and takes the first colour, so the
 * colours swap when the other date has more points.
 */
export const chartSeries = (first: { date: string; points: ChartPoint[] }, second: { date: string; points: ChartPoint[] }): Series[] => {
  const [a, b] = drawOrder(first, second);
  return [a, b].map((s, i) => ({ ...toSeries(s.date, s.points), color: SERIES_COLORS[i] ?? SERIES_COLORS[0] }));
};

/** The day's cumulative total: the last point of its series. */
export const totalOf = (points: ChartPoint[], date: string): number => Number(points.at(-1)?.[date] ?? 0);

/** Change of `now` against `before` in percent; null when there is nothing to compare with. */
export const percentChange = (now: number, before: number): number | null => (before === 0 ? null : ((now - before) / before) * 100);

export const money = (n: number): string => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
