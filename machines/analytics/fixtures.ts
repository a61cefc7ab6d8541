import type { AnalysisOrder, HourBucket } from '#contracts/order.ts';
import { fromCents, toCents } from '#contracts/rules.ts';

/** An order as the analysis answer and the 'newOrder' event carry it. */
export const order = (createdAt: string, cartSubtotal: number): AnalysisOrder => ({
  _id: createdAt,
  createdAt,
  orderTotal: { cartSubtotal },
});

/**
 * What `GET /api/orders/analysis/{date}?bucket=hour` answers for these orders (the API's tests
 * hold it to the same reading): 24 UTC hours, each with the revenue up to its end and its own
 * order count, summed in cents.
 */
export const bucketsOf = (orders: AnalysisOrder[]): HourBucket[] => {
  const cents = Array<number>(24).fill(0);
  const counts = Array<number>(24).fill(0);
  for (const o of orders) {
    const hour = new Date(o.createdAt).getUTCHours();
    cents[hour]! += toCents(o.orderTotal.cartSubtotal);
    counts[hour]! += 1;
  }
  let running = 0;
  return cents.map((c, hour) => ({ hour, total: fromCents((running += c)), orders: counts[hour]! }));
};
