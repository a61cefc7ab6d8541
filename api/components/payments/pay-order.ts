import type { PaidResponse } from '#contracts/order.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { ApiContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import * as orders from '../orders/repository.ts';
import { claimOrder } from './capture-claim.ts';
import * as payments from './repository.ts';
import { CURRENCY, fromDecimal, payableOrder, toDecimal, walletFor } from './wallet.ts';
import { WalletError, type WalletOrder } from './wallet-client.ts';
import { countOrder } from '#server/metrics.ts';

const paid = (paidAt: Date | string | null): PaidResponse => ({
  isPaid: true,
  paidAt: paidAt === null ? null : new Date(paidAt).toISOString(),
});

const notRecorded = (status: number, reason: string) => new AppError(status, `${reason} The order stays unpaid.`);

/** The key of this order's capture of this wallet order: a retry, even a concurrent one, is the same capture for the provider. */
export const captureRequestId = (orderId: string, walletOrderId: string) => `statefront-${orderId}-${walletOrderId}`;

/** A replay of the payment already recorded answers it again; any other wallet order is refused before money moves. */
const alreadyPaid = async (q: Queryable, orderId: string, walletOrderId: string, paidAt: Date | string | null): Promise<PaidResponse> => {
  const existing = await payments.findPayment(q, orderId);
  if (existing?.walletOrderId === walletOrderId) return paid(paidAt);
  throw conflict('This order is already paid: it cannot be paid a second time.');
};

const refusal = (error: WalletError): AppError => {
  if (error.issue === 'INSTRUMENT_DECLINED')
    return notRecorded(402, 'The wallet declined the payment: try another card or payment method.');
  if (error.issue === 'ORDER_NOT_APPROVED')
    return notRecorded(409, 'The payment was not approved in the wallet yet: approve it there first.');
  if (error.status === 404) return notFound('That wallet payment');
  if (error.status === 0 || error.status >= 500)
    return notRecorded(502, 'The card wallet could not be reached: please try again in a moment.');
  return notRecorded(402, `The wallet did not take the payment (${error.issue ?? error.status}).`);
};

/** The capture must be COMPLETED, of exactly the order's subtotal, in USD, for this order. */
const verifiedCapture = (captured: WalletOrder, orderId: string, subtotalCents: number) => {
  const unit = captured.purchase_units?.[0];
  if (unit?.reference_id !== undefined && unit.reference_id !== orderId) throw conflict('This wallet payment was made for another order.');
  const capture = unit?.payments?.captures?.[0];
  if (!capture) throw notRecorded(402, 'The wallet reported no capture for this payment.');
  if (capture.status === 'PENDING') {
    throw notRecorded(402, 'The wallet is still reviewing this payment (PENDING): it counts once the wallet completes it.');
  }
  if (capture.status !== 'COMPLETED') throw notRecorded(402, `The wallet reported the payment as ${capture.status}.`);
  const currency = capture.amount?.currency_code;
  if (currency !== CURRENCY)
    throw notRecorded(409, `The wallet captured the payment in ${currency ?? 'an unknown currency'}, not ${CURRENCY}.`);
  const cents = capture.amount ? fromDecimal(capture.amount.value) : null;
  if (cents !== subtotalCents) {
    throw notRecorded(
      409,
      `The wallet captured ${capture.amount?.value ?? 'no amount'} ${CURRENCY} but the order totals ${toDecimal(subtotalCents)} ${CURRENCY}.`,
    );
  }
  return { captureId: capture.id, amountCents: cents, currency };
};

/**
 * Whether the wallet certainly took no money: true before the capture was asked for, and when
 * the wallet refused it outright (4xx); an unreachable wallet or a 5xx may have captured, and
 * ORDER_ALREADY_CAPTURED says an earlier attempt did.
 */
const nothingCaptured = (captureSent: boolean, error: unknown) =>
  !captureSent || (error instanceof WalletError && error.status >= 400 && error.status < 500 && error.issue !== 'ORDER_ALREADY_CAPTURED');

/**
 * PUT /api/orders/paid/{id}: captures the approved wallet order with the provider and records
 * the payment only when the capture checks out. One payment per order, whatever the number
 * of calls: the order is claimed for one wallet order before any capture (another one is
 * refused uncaptured), the provider sees one capture of it (same PayPal-Request-Id), the
 * database keeps one payment (unique order_id) and the order row is locked while it is written.
 */
export const payOrder = async (
  ctx: ApiContext,
  user: AuthUser,
  orderId: string,
  walletOrderId: string,
  ownSimulator: string,
): Promise<PaidResponse> => {
  const order = await payableOrder(ctx, user, orderId);
  if (order.isPaid) return alreadyPaid(ctx.db, order._id, walletOrderId, order.paidAt);
  const { client, source } = walletFor(ctx, ownSimulator);
  const claim = await claimOrder(ctx.db, client, order._id, walletOrderId);
  if (!claim.claimed) return alreadyPaid(ctx.db, order._id, walletOrderId, claim.paidAt);

  let captured: WalletOrder;
  let captureSent = false;
  try {
    const approved = await client.getOrder(walletOrderId);
    if (approved.purchase_units?.[0]?.reference_id !== order._id) throw conflict('This wallet payment was made for another order.');
    if (approved.status === 'CREATED' || approved.status === 'PAYER_ACTION_REQUIRED') {
      throw notRecorded(409, 'The payment was not approved in the wallet yet: approve it there first.');
    }
    captureSent = true;
    captured = await client.captureOrder(walletOrderId, captureRequestId(order._id, walletOrderId));
  } catch (error) {
    // Free the order for another try only when no money can have moved; otherwise the claim
    // stays, and only this same wallet order (a replay, same PayPal-Request-Id) may go on.
    if (nothingCaptured(captureSent, error)) await payments.releaseCapture(ctx.db, order._id, walletOrderId);
    if (!(error instanceof WalletError)) throw error;
    // A refusal is an expected answer of the wallet, not a fault of the shop: no stack trace.
    ctx.logger.warn({ orderId, walletOrderId, status: error.status, issue: error.issue }, 'wallet capture refused');
    throw refusal(error);
  }
  // A capture that does not check out (PENDING, wrong amount or currency) keeps the claim: money moved or may still.
  const capture = verifiedCapture(captured, order._id, order.subtotalCents);

  let newlyPaid = false;
  const answer = await ctx.db.transaction(async (tx) => {
    newlyPaid = false;
    const current = await orders.findOrder(tx, order._id, true);
    if (!current) throw notFound('That order');
    if (current.isPaid) return alreadyPaid(tx, order._id, walletOrderId, current.paidAt);
    if (!(await payments.insertPayment(tx, { orderId: order._id, walletOrderId, ...capture, source }))) {
      throw conflict('This wallet payment has already paid another order.');
    }
    const paidAt = await payments.markPaid(tx, order._id, capture.captureId);
    if (paidAt === null) throw conflict('This order can no longer be paid.');
    newlyPaid = true;
    return paid(paidAt);
  });
  // Counted once committed.
  if (newlyPaid) countOrder('paid');
  return answer;
};
