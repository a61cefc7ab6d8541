import type { Order, OrderEvent } from '#contracts/order.ts';
import { fromCents } from '#contracts/rules.ts';
import type { OrderRow } from './repository.ts';

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/** Every product id the orders mention, once: their current stock is read in one query. */
export const productIdsOf = (rows: OrderRow[]): string[] => [...new Set(rows.flatMap((r) => r.cartItems.map((i) => i.productID)))];

/**
 * The wire's Order (docs/interfaces.md): cents become dollars and each line gets `count`,
 * the product's stock now (0 when the product is gone), as the cart screens show it.
 */
export const toOrder = (row: OrderRow, stock: Map<string, number>, events?: OrderEvent[]): Order => ({
  _id: row._id,
  user: row.user,
  orderTotal: { itemsCount: row.itemsCount, cartSubtotal: fromCents(row.subtotalCents) },
  cartItems: row.cartItems.map((item) => ({
    productID: item.productID,
    name: item.name,
    price: fromCents(item.priceCents),
    ...(item.image ? { image: item.image } : {}),
    count: stock.get(item.productID) ?? 0,
    quantity: item.quantity,
  })),
  paymentMethod: row.paymentMethod,
  isPaid: row.isPaid,
  paidAt: isoOrNull(row.paidAt),
  isDelivered: row.isDelivered,
  deliveredAt: isoOrNull(row.deliveredAt),
  isCancelled: row.isCancelled,
  cancelledAt: isoOrNull(row.cancelledAt),
  cancelReason: row.cancelReason,
  createdAt: iso(row.createdAt),
  ...(events ? { events } : {}),
});

export const toEvent = (row: { type: OrderEvent['type']; at: Date | string; data: Record<string, unknown> }): OrderEvent => ({
  type: row.type,
  at: iso(row.at),
  ...(Object.keys(row.data).length > 0 ? { data: row.data } : {}),
});
