import type { Order } from '#contracts/order.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { ApiContext } from '../../context.ts';
import { conflict } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { recordEvent } from './projection.ts';
import * as repo from './repository.ts';
import { orderNotFound, withEvents } from './service.ts';

/** Why this order cannot move to cash on delivery now; null when it can. */
const refusal = (order: repo.OrderRow): string | null => {
  if (order.isCancelled) return 'This order is cancelled: its payment method can no longer change.';
  if (order.isPaid) return 'This order is paid: its payment method can no longer change.';
  return null;
};

/**
 * PUT /api/orders/cash-on-delivery/{id}: after the card wallet declined, the buyer pays their own
 * unpaid, uncancelled order in cash on delivery instead (the 'switchedToCash' event, which the row
 * projects as payment method 'cod'). Someone else's order is 404, as for reading it; an order
 * already on cash answers as it is. While a wallet capture is under way it is 409: money may be moving.
 */
export const switchToCash = async (ctx: ApiContext, viewer: AuthUser, id: string): Promise<Order> => {
  if (!isUuid(id)) throw orderNotFound();
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.findOrder(tx, id, true);
    if (!current || current.userId !== viewer._id) throw orderNotFound();
    const refused = refusal(current);
    if (refused) throw conflict(refused);
    if (current.paymentMethod === 'cod') return current;
    const switched = await recordEvent(tx, id, 'switchedToCash');
    if (!switched) {
      throw conflict('A payment for this order is under way: reload the order in a moment to see whether it went through.');
    }
    return switched;
  });
  return withEvents(ctx.db, row);
};
