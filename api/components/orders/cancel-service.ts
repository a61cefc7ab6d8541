import type { Order } from '#contracts/order.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { ApiContext } from '../../context.ts';
import { conflict } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { expireUnpaid, recordEvent } from './projection.ts';
import * as repo from './repository.ts';
import { orderNotFound, withEvents } from './service.ts';
import { countOrder } from '#server/metrics.ts';

/** Why this order cannot be cancelled now; null when it can. */
const refusal = (order: repo.OrderRow): string | null => {
  if (order.isCancelled) return 'This order is already cancelled.';
  if (order.isDelivered) return 'This order is delivered: it can no longer be cancelled.';
  if (order.isPaid) return 'This order is paid: it can no longer be cancelled.';
  return null;
};

/**
 * PUT /api/orders/cancel/{id}: the buyer cancels their own order, an admin any order,
 * as long as it is neither paid nor delivered; someone else's order is 404, as for reading it.
 * The 'cancelled' event is the one write (the row is its projection) and the units go back on
 * the shelf in the same transaction. While a wallet capture is under way the order cannot be
 * cancelled (409): money may be moving, and a cancelled order must never be charged.
 */
export const cancelOrder = async (ctx: ApiContext, viewer: AuthUser, id: string): Promise<Order> => {
  if (!isUuid(id)) throw orderNotFound();
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.findOrder(tx, id, true);
    if (!current || (!viewer.isAdmin && current.userId !== viewer._id)) throw orderNotFound();
    const refused = refusal(current);
    if (refused) throw conflict(refused);
    const reason = current.userId === viewer._id ? 'buyer' : 'admin';
    const cancelled = await recordEvent(tx, id, 'cancelled', { reason });
    if (!cancelled) {
      throw conflict(
        'A payment for this order is under way: it cannot be cancelled now. Reload the order in a moment to see whether it went through.',
      );
    }
    await repo.returnStock(tx, [id]);
    return cancelled;
  });
  countOrder('cancelled');
  return withEvents(ctx.db, row);
};

/** How many expired orders one sweep transaction cancels at most: a backlog is taken in several. */
export const SWEEP_BATCH = 100;

/**
 * Cancels every wallet order left unpaid longer than UNPAID_ORDER_MINUTES ('not paid in time')
 * and returns its stock. Safe to run from any number of API instances at once (see
 * `expireUnpaid`). Answers the ids this sweep cancelled.
 */
export const sweepExpiredOrders = async (ctx: ApiContext): Promise<string[]> => {
  const cancelled: string[] = [];
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const ids = await expireUnpaid(tx, ctx.config.UNPAID_ORDER_MINUTES, SWEEP_BATCH);
      await repo.returnStock(tx, ids);
      return ids;
    });
    cancelled.push(...batch);
    countOrder('expired', batch.length);
    if (batch.length < SWEEP_BATCH) return cancelled;
  }
};
