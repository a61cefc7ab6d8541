import type { Order, PaymentMethod } from '#contracts/order.ts';
import { dateOf } from '../dates.ts';

/**
 * How a payment method reads on every screen (the checkout's choice, the order page, My Orders,
 * the admin's list and details). The wire keeps the spec's `pp` and `cod`.
 */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = { pp: 'Card wallet', cod: 'Cash on delivery' };

/** The characters of `_id` an order number shows: enough to tell orders apart when a customer reads it out. */
export const ORDER_NUMBER_LENGTH = 8;

/** `Order #` and the first 8 characters of the id in upper case, as customers and admins see an order named. */
export const orderNumber = (order: Pick<Order, '_id'>): string => `Order #${order._id.slice(0, ORDER_NUMBER_LENGTH).toUpperCase()}`;

/** The name of a customer's link to their order's page, wherever My Orders lists it. */
export const goToOrderLabel = (order: Pick<Order, '_id' | 'createdAt'>): string =>
  `Go to ${orderNumber(order)} of ${dateOf(order.createdAt)}`;
