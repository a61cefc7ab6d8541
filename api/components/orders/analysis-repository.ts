import type { Queryable } from '../../db/index.ts';

/** A UTC day as a half-open range [from, to), so the index on orders(created_at) serves it. */
export type DayRange = { from: string; to: string };

/** A cancelled order counts in no revenue, so both queries leave it out. */
export const ordersOfDay = async (
  q: Queryable,
  { from, to }: DayRange,
): Promise<Array<{ _id: string; createdAt: Date | string; cents: number }>> => {
  const { rows } = await q.query<{ _id: string; createdAt: Date | string; cents: number }>(
    `select id as "_id", created_at as "createdAt", subtotal_cents as cents
       from orders where created_at >= $1::timestamptz and created_at < $2::timestamptz and not is_cancelled
      order by created_at, id`,
    [from, to],
  );
  return rows;
};

/**
 * The day's 24 UTC hours, each with the revenue up to its end (cents) and its own order count,
 * summed in the database: only 24 rows travel, however many orders the day had.
 * The hour is read in UTC explicitly, whatever the server's time zone. Sums are float8 so both
 * drivers hand back plain numbers (exact for integers far beyond a day's revenue).
 */
export const hourBuckets = async (
  q: Queryable,
  { from, to }: DayRange,
): Promise<Array<{ hour: number; cents: number; orders: number }>> => {
  const { rows } = await q.query<{ hour: number; cents: number; orders: number }>(
    `with per_hour as (
       select extract(hour from created_at at time zone 'UTC')::int as hour,
              sum(subtotal_cents)::float8 as cents, count(*)::int as orders
         from orders where created_at >= $1::timestamptz and created_at < $2::timestamptz and not is_cancelled
        group by 1
     )
     select h.hour, coalesce(sum(p.cents) over (order by h.hour), 0)::float8 as cents, coalesce(p.orders, 0)::int as orders
       from generate_series(0, 23) as h(hour) left join per_hour p on p.hour = h.hour
      order by h.hour`,
    [from, to],
  );
  return rows;
};
