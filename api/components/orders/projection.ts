import type { OrderEvent } from '#contracts/order.ts';
import type { Queryable } from '../../db/index.ts';
import { type OrderMailEvent, queueOrderMails } from '../mail/order-mail.ts';
import { ORDER, type OrderRow } from './repository.ts';

/**
 * The order row's state columns as a fold of its events (the house plan: the row is their
 * projection). Every lifecycle change writes one thing, its event, and this statement then
 * recomputes the row in the same transaction; a rebuild runs the very same statement over every
 * order. An order without events folds to "created": neither paid, delivered nor cancelled.
 */
const fold = (scope: 'some' | 'all') => `
  update orders o set
    payment_method = case when f.switched then 'cod' else o.payment_method end,
    is_paid = f.paid_at is not null, paid_at = f.paid_at,
    is_delivered = f.delivered_at is not null, delivered_at = f.delivered_at,
    is_cancelled = f.cancelled_at is not null, cancelled_at = f.cancelled_at, cancel_reason = f.cancel_reason
  from (
    select x.id,
           max(e.at) filter (where e.type = 'paid') as paid_at,
           max(e.at) filter (where e.type = 'delivered') as delivered_at,
           max(e.at) filter (where e.type = 'cancelled') as cancelled_at,
           max(e.data ->> 'reason') filter (where e.type = 'cancelled') as cancel_reason,
           bool_or(e.type = 'switchedToCash') as switched
      from orders x left join order_events e on e.order_id = x.id
     ${scope === 'some' ? 'where x.id = any($1::uuid[])' : ''}
     group by x.id
  ) f
  where o.id = f.id
  returning ${ORDER}`;

/** Recomputes the given orders' rows from their events; answers them as they now are. */
export const foldOrders = async (q: Queryable, orderIds: string[]): Promise<OrderRow[]> =>
  orderIds.length === 0 ? [] : (await q.query<OrderRow>(fold('some'), [orderIds])).rows;

/** Recomputes every order's row from its events (a rebuild); answers how many rows it wrote. */
export const rebuildAllOrders = async (q: Queryable): Promise<number> => (await q.query(fold('all'))).rowCount;

/**
 * In which state each event may be appended: the order machine's rules (spec section 4 and
 * the cancellation and cash on delivery docs/interfaces.md adds), held by the write itself so that two racing changes cannot both pass a check made
 * earlier. A cancel or a switch to cash waits while a wallet capture is under way (money may be moving).
 * A wallet order is paid by its capture; a cash-on-delivery order only as it is delivered (`$3`, the
 * event's data, says `cash`), so no wallet capture can ever pay a cod order.
 */
const ALLOWED: Record<OrderEvent['type'], string> = {
  created: 'true',
  paid: `not o.is_paid and not o.is_cancelled and
         (o.payment_method = 'pp' or (o.payment_method = 'cod' and o.is_delivered and ($3::jsonb ->> 'cash') = 'true'))`,
  delivered: `not o.is_delivered and not o.is_cancelled and (o.payment_method = 'cod' or o.is_paid)`,
  cancelled: `not o.is_paid and not o.is_delivered and not o.is_cancelled and o.capturing_wallet_order_id is null`,
  switchedToCash: `o.payment_method = 'pp' and not o.is_paid and not o.is_cancelled and o.capturing_wallet_order_id is null`,
};

/** A cash payment is told in the delivery's mail, a switch to cash on the page: neither mails on its own. */
const mailOf = (type: OrderEvent['type'], data: Record<string, unknown>): OrderMailEvent | null =>
  type === 'switchedToCash' || (type === 'paid' && data.cash === true) ? null : type;

/**
 * The one write of a lifecycle change: appends the event if the order's state allows it (and it
 * has no such event yet), then folds the row. Null when the change was refused. The event's time
 * is the transaction's `now()`, so a `created` event carries exactly the new row's created_at.
 */
export const recordEvent = async (
  q: Queryable,
  orderId: string,
  type: OrderEvent['type'],
  data: Record<string, unknown> = {},
): Promise<OrderRow | null> => {
  const { rowCount } = await q.query(
    `insert into order_events (order_id, type, at, data)
     select o.id, $2, now(), $3::jsonb from orders o where o.id = $1 and ${ALLOWED[type]}
     on conflict (order_id, type) do nothing`,
    [orderId, type, JSON.stringify(data)],
  );
  if (rowCount !== 1) return null;
  // The customer's mail about it commits with the event or not at all (docs/decisions/021-mail-outbox.md).
  const mail = mailOf(type, data);
  if (mail) await queueOrderMails(q, [orderId], mail);
  return (await foldOrders(q, [orderId]))[0] ?? null;
};

/**
 * Cancels, in one conditional statement, up to `limit` wallet orders left unpaid for longer than
 * `minutes`: rows another transaction holds are skipped (FOR UPDATE SKIP LOCKED), and the
 * re-checked condition plus the one-event-per-type constraint make each order cancelled exactly
 * once however many sweeps run. Folds the cancelled rows; answers their ids.
 */
export const expireUnpaid = async (q: Queryable, minutes: number, limit: number): Promise<string[]> => {
  const { rows } = await q.query<{ id: string }>(
    `insert into order_events (order_id, type, at, data)
     select o.id, 'cancelled', now(), '{"reason":"expired"}'::jsonb from orders o
      where o.payment_method = 'pp' and ${ALLOWED.cancelled}
        and o.created_at < now() - make_interval(mins => $1)
      order by o.created_at
      limit $2
      for update skip locked
     on conflict (order_id, type) do nothing
     returning order_id as id`,
    [minutes, limit],
  );
  const ids = rows.map((r) => r.id);
  await queueOrderMails(q, ids, 'cancelled');
  await foldOrders(q, ids);
  return ids;
};
