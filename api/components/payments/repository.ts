import type { Queryable } from '../../db/index.ts';
import { recordEvent } from '../orders/projection.ts';

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
 * Records the payment as the order's 'paid' event (carrying the capture id for the admin's
 * timeline), which the order row then projects, in the caller's transaction. Never for a cod
 * or cancelled order, never twice: null then.
 */
export const markPaid = async (q: Queryable, orderId: string, captureId: string): Promise<Date | string | null> =>
  (await recordEvent(q, orderId, 'paid', { captureId }))?.paidAt ?? null;

/** How long a claim stays its holder's: longer than any capture attempt can last (its calls time out after 15 s each). */
export const CLAIM_STALE_SECONDS = 600;

export type ClaimRefusal = { isPaid: boolean; isCancelled: boolean; paidAt: Date | string | null; holder: string | null; stale: boolean };

/**
 * Claims the order for capturing this wallet order, unless it is paid, cancelled (a
 * cancelled order is never captured) or another wallet order holds the claim; a replay of the same wallet order shares it. One conditional
 * update, so of concurrent claims exactly one different wallet order wins. Null when claimed.
 */
export const claimCapture = async (q: Queryable, orderId: string, walletOrderId: string): Promise<ClaimRefusal | null> => {
  const { rowCount } = await q.query(
    `update orders set capturing_wallet_order_id = $2, capture_claimed_at = now()
      where id = $1 and payment_method = 'pp' and not is_paid and not is_cancelled
        and (capturing_wallet_order_id is null or capturing_wallet_order_id = $2)`,
    [orderId, walletOrderId],
  );
  if (rowCount === 1) return null;
  const { rows } = await q.query<ClaimRefusal>(
    `select is_paid as "isPaid", is_cancelled as "isCancelled", paid_at as "paidAt", capturing_wallet_order_id as holder,
            coalesce(capture_claimed_at < now() - make_interval(secs => $2), false) as stale
       from orders where id = $1`,
    [orderId, CLAIM_STALE_SECONDS],
  );
  return rows[0] ?? { isPaid: false, isCancelled: false, paidAt: null, holder: null, stale: false };
};

/** Moves an abandoned claim to another wallet order; false when its holder came back meanwhile. */
export const takeOverClaim = async (q: Queryable, orderId: string, staleHolder: string, walletOrderId: string): Promise<boolean> => {
  const { rowCount } = await q.query(
    `update orders set capturing_wallet_order_id = $3, capture_claimed_at = now()
      where id = $1 and not is_paid and capturing_wallet_order_id = $2
        and capture_claimed_at < now() - make_interval(secs => $4)`,
    [orderId, staleHolder, walletOrderId, CLAIM_STALE_SECONDS],
  );
  return rowCount === 1;
};

/** Frees the order after the wallet refused this wallet order's capture: no money moved, the buyer may try again. */
export const releaseCapture = async (q: Queryable, orderId: string, walletOrderId: string): Promise<void> => {
  await q.query(
    `update orders set capturing_wallet_order_id = null, capture_claimed_at = null
      where id = $1 and not is_paid and capturing_wallet_order_id = $2`,
    [orderId, walletOrderId],
  );
};
