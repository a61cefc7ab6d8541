import type { Order } from '#contracts/order.ts';
import type { Queryable } from '../../db/index.ts';
import type { TestApi } from '../../testing/api-harness.ts';

/** Test helpers for cancel, expiry and the projection (not a test file itself). */

export const cancel = (t: TestApi, token: string | undefined, orderId: string) =>
  t.authed(token)(`/api/orders/cancel/${orderId}`, { method: 'PUT' });

export const deliver = (t: TestApi, token: string, orderId: string) =>
  t.authed(token)(`/api/orders/delivered/${orderId}`, { method: 'PUT' });

export const toCash = (t: TestApi, token: string | undefined, orderId: string) =>
  t.authed(token)(`/api/orders/cash-on-delivery/${orderId}`, { method: 'PUT' });

/** Cancels through the API; throws unless 200. */
export const cancelled = async (t: TestApi, token: string, orderId: string): Promise<Order> => {
  const res = await cancel(t, token, orderId);
  if (res.status !== 200) throw new Error(`cancel failed with ${res.status}: ${await res.text()}`);
  return (await res.json()) as Order;
};

/** The order as if placed `minutes` ago: its row and its 'created' event move back together. */
export const age = async (q: Queryable, orderId: string, minutes: number): Promise<void> => {
  await q.query(`update orders set created_at = created_at - make_interval(mins => $2) where id = $1`, [orderId, minutes]);
  await q.query(`update order_events set at = at - make_interval(mins => $2) where order_id = $1 and type = 'created'`, [orderId, minutes]);
};

export const eventTypes = async (q: Queryable, orderId: string): Promise<string[]> =>
  (await q.query<{ type: string }>('select type from order_events where order_id = $1 order by id', [orderId])).rows.map((r) => r.type);

/** Every order row, whole, in a stable order: what a rebuild must give back unchanged. */
export const allOrderRows = async (q: Queryable): Promise<Record<string, unknown>[]> =>
  (await q.query<Record<string, unknown>>('select * from orders order by id')).rows;

/** Blanks every order's state columns, so that only a fold of the events can bring them back. */
export const forgetOrderState = (q: Queryable) =>
  q.query(
    'update orders set is_paid = false, paid_at = null, is_delivered = false, delivered_at = null, is_cancelled = false, cancelled_at = null, cancel_reason = null',
  );
