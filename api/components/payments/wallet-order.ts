import type { WalletOrderResponse } from '#contracts/payment.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { ApiContext } from '../../context.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { CURRENCY, payableOrder, toDecimal, walletFor } from './wallet.ts';
import { WalletError, type NewWalletOrder } from './wallet-client.ts';

/** The provider limits an item name to 127 characters. */
const itemName = (name: string) => (name.length > 127 ? `${name.slice(0, 126)}…` : name);

/**
 * Creates the wallet order for one of the buyer's unpaid wallet orders, from the shop's own
 * lines and total (never the browser's): USD, one purchase unit referencing the order id.
 */
export const createWalletOrder = async (
  ctx: ApiContext,
  user: AuthUser,
  orderId: string,
  ownSimulator: string,
): Promise<WalletOrderResponse> => {
  const order = await payableOrder(ctx, user, orderId);
  if (order.isPaid) throw conflict('This order is already paid.');
  const { client } = walletFor(ctx, ownSimulator);
  const money = (cents: number) => ({ currency_code: CURRENCY, value: toDecimal(cents) });
  const body: NewWalletOrder = {
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: order._id,
        amount: { ...money(order.subtotalCents), breakdown: { item_total: money(order.subtotalCents) } },
        items: order.cartItems.map((line) => ({
          name: itemName(line.name),
          quantity: String(line.quantity),
          unit_amount: money(line.priceCents),
        })),
      },
    ],
  };
  try {
    const created = await client.createOrder(body);
    return { id: created.id };
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    ctx.logger.warn({ orderId, status: error.status, issue: error.issue, reason: error.message }, 'wallet order not created');
    throw new AppError(502, 'The card wallet could not start the payment: please try again in a moment.');
  }
};
