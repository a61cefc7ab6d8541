import { z } from 'zod';
import { Id, Money, Timestamp } from './common.ts';
import { ProductImage } from './product.ts';
import { ORDER_SEARCH_INVALID } from './order-search.ts';
import { ORDER_EVENT_TYPES, PAYMENT_METHODS } from './rules.ts';
import { User } from './user.ts';

export const CartItem = z.object({
  productID: Id,
  name: z.string().max(200),
  price: Money,
  image: ProductImage.optional(),
  count: z.number().int().nonnegative(),
  quantity: z.number().int().min(1),
});
export type CartItem = z.infer<typeof CartItem>;

export const OrderTotal = z.object({
  itemsCount: z.number().int().nonnegative(),
  cartSubtotal: Money,
});
export type OrderTotal = z.infer<typeof OrderTotal>;

export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const OrderEvent = z.object({
  type: z.enum(ORDER_EVENT_TYPES),
  at: Timestamp,
  data: z.record(z.string(), z.unknown()).optional(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

/** Why an order was cancelled: not paid in time, by its buyer, by the shop. */
export const CANCEL_REASONS = ['expired', 'buyer', 'admin'] as const;
export const CancelReason = z.enum(CANCEL_REASONS);
export type CancelReason = z.infer<typeof CancelReason>;

/** The buyer as the order shows them: the user's own fields, without the role. */
export const OrderUser = User.omit({ isAdmin: true, createdAt: true });
export type OrderUser = z.infer<typeof OrderUser>;

export const Order = z.object({
  _id: Id,
  user: OrderUser,
  orderTotal: OrderTotal,
  cartItems: z.array(CartItem),
  paymentMethod: PaymentMethod,
  isPaid: z.boolean(),
  paidAt: Timestamp.nullable().optional(),
  isDelivered: z.boolean(),
  deliveredAt: Timestamp.nullable().optional(),
  // The API always sends them; optional so an order without them reads as not cancelled.
  isCancelled: z.boolean().optional(),
  cancelledAt: Timestamp.nullable().optional(),
  cancelReason: CancelReason.nullable().optional(),
  createdAt: Timestamp,
  events: z.array(OrderEvent).optional(),
});
export type Order = z.infer<typeof Order>;

/**
 * POST /api/orders. Prices and totals are accepted for shape only: the server recomputes
 * every figure from its own data.
 */
export const CreateOrderBody = z.object({
  orderTotal: OrderTotal.optional(),
  cartItems: z
    .array(
      z.object({
        productID: Id,
        quantity: z.coerce.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(10_000),
        name: z.string().optional(),
        price: z.number().optional(),
        image: z.unknown().optional(),
        count: z.number().optional(),
      }),
    )
    .min(1, 'Your cart is empty')
    .max(100),
  paymentMethod: PaymentMethod.default('pp'),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBody>;

export type PaidResponse = { isPaid: boolean; paidAt: string | null };

/** One order of GET /api/orders/analysis/{date}. */
export type AnalysisOrder = { _id: string; createdAt: string; orderTotal: { cartSubtotal: number } };

/** Spec section 3: a chart point is an hour label plus a value keyed by the date string. */
export type ChartPoint = { name: string } & Record<string, number | string>;

export const AnalysisDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date in the form YYYY-MM-DD');

/** `GET /api/orders/analysis/{date}?bucket=hour`: asks for the 24 hourly points instead of the orders. */
export const AnalysisQuery = z.object({
  bucket: z.enum(['hour'], 'bucket can only be hour').optional(),
});
export type AnalysisQuery = z.infer<typeof AnalysisQuery>;

/** One of the 24 points of `?bucket=hour`: UTC hour, revenue up to the end of that hour (dollars), orders placed in it. */
export type HourBucket = { hour: number; total: number; orders: number };

/** `GET /api/orders/admin?search=` (contracts/order-search.ts); an empty value counts as absent. */
export const AdminOrdersQuery = z.object({
  search: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string(ORDER_SEARCH_INVALID).max(100, ORDER_SEARCH_INVALID).optional(),
  ),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuery>;
