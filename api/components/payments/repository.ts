import type { Queryable } from '../../db/index.ts';

export type PaymentRow = { orderId: string; walletOrderId: string; captureId: string; amountCents: number; currency: string };

export type NewPayment = PaymentRow & { source: 'provider' | 'simulator' };

export const findPayment = async (q: Queryable, orderId: string): Promise<PaymentRow | null> => {
  const { rows } = await q.query<PaymentRow>(
    `select order_id as "orderId", wallet_order_id as "walletOrderId", capture_id as "captureId",
            amount_cents as "amountCents", currency
       from payments where order_id = $1`,
    [orderId],
  );
  return rows[0] ?? null;
};

/** False when the order already has a payment or the capture already paid something (the unique constraints). */
export const insertPayment = async (q: Queryable, p: NewPayment): Promise<boolean> => {
  const { rowCount } = await q.query(
    `insert into payments (order_id, wallet_order_id, capture_id, amount_cents, currency, source)
     values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
    [p.orderId, p.walletOrderId, p.captureId, p.amountCents, p.currency, p.source],
  );
  return rowCount === 1;
};

/**
 * Sets the projection and appends its 'paid' event (carrying the capture id for the admin's
 * timeline) in the caller's transaction. Never for a cod order, never twice: null then.
 */
export const markPaid = async (q: Queryable, orderId: string, captureId: string): Promise<Date | string | null> => {
  const { rows } = await q.query<{ paidAt: Date | string }>(
    `update orders set is_paid = true, paid_at = now()
      where id = $1 and payment_method = 'pp' and not is_paid
      returning paid_at as "paidAt"`,
    [orderId],
  );
  const paidAt = rows[0]?.paidAt ?? null;
  if (paidAt === null) return null;
  await q.query(`insert into order_events (order_id, type, at, data) select id, 'paid', paid_at, $2::jsonb from orders where id = $1`, [
    orderId,
    JSON.stringify({ captureId }),
  ]);
  return paidAt;
};
