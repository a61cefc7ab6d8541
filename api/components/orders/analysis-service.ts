import { AnalysisDate, type AnalysisOrder, type HourBucket } from '#contracts/order.ts';
import { fromCents } from '#contracts/rules.ts';
import type { ApiContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { type DayRange, hourBuckets, ordersOfDay } from './analysis-repository.ts';

const DAY_MS = 86_400_000;

/**
 * The days a shop's analysis can be about. Before 2000 no order of this shop exists, and the
 * database cannot read year 0 at all (it answered a 500); 9999-12-31 is the last four-digit day.
 */
export const FIRST_ANALYSIS_DATE = '2000-01-01';
export const LAST_ANALYSIS_DATE = '9999-12-31';

/** ISO text PostgreSQL reads: it refuses JavaScript's expanded years (`+010000-…`), not `10000-…`. */
const pgIso = (d: Date): string => d.toISOString().replace(/^\+0*/, '');

/**
 * The UTC day named `YYYY-MM-DD`, from FIRST_ANALYSIS_DATE to LAST_ANALYSIS_DATE; a malformed,
 * impossible (2026-02-30) or out-of-range date is a 400 naming `date`.
 */
export const utcDay = (date: string): DayRange => {
  const valid = AnalysisDate.safeParse(date);
  if (!valid.success) throw badRequest(valid.error.issues[0]?.message ?? 'Use a date in the form YYYY-MM-DD', 'date');
  const start = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== date) {
    throw badRequest(`${date} is not a calendar date: use a date in the form YYYY-MM-DD`, 'date');
  }
  if (date < FIRST_ANALYSIS_DATE || date > LAST_ANALYSIS_DATE) {
    throw badRequest(`The date must be from ${FIRST_ANALYSIS_DATE} to ${LAST_ANALYSIS_DATE}`, 'date');
  }
  return { from: pgIso(start), to: pgIso(new Date(start.getTime() + DAY_MS)) };
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
