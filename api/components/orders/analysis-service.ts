import { AnalysisDate, type AnalysisOrder, type HourBucket } from '../../../contracts/order.ts';
import { fromCents } from '../../../contracts/rules.ts';
import type { ApiContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { type DayRange, hourBuckets, ordersOfDay } from './analysis-repository.ts';

const DAY_MS = 86_400_000;

/** The UTC day named `YYYY-MM-DD`; a malformed or impossible date (2026-02-30) is a 400 naming `date`. */
export const utcDay = (date: string): DayRange => {
  const valid = AnalysisDate.safeParse(date);
  if (!valid.success) throw badRequest(valid.error.issues[0]?.message ?? 'Use a date in the form YYYY-MM-DD', 'date');
  const start = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== date) {
    throw badRequest(`${date} is not a calendar date: use a date in the form YYYY-MM-DD`, 'date');
  }
  return { from: start.toISOString(), to: new Date(start.getTime() + DAY_MS).toISOString() };
};

/** Spec section 7: the day's orders, ascending; the client builds its cumulative hours from them. */
export const analysisOrders = async (ctx: ApiContext, date: string): Promise<AnalysisOrder[]> =>
  (await ordersOfDay(ctx.db, utcDay(date))).map((r) => ({
    _id: r._id,
    createdAt: new Date(r.createdAt).toISOString(),
    orderTotal: { cartSubtotal: fromCents(r.cents) },
  }));

/** `?bucket=hour`: the same curve as 24 cumulative points, computed in SQL. */
export const analysisBuckets = async (ctx: ApiContext, date: string): Promise<HourBucket[]> =>
  (await hourBuckets(ctx.db, utcDay(date))).map((r) => ({ hour: r.hour, total: fromCents(r.cents), orders: r.orders }));
