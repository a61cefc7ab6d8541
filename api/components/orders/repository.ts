import type { OrderEvent, OrderUser, PaymentMethod } from '../../../contracts/order.ts';
import type { Queryable } from '../../db/index.ts';

/** docs/interfaces.md: one element of orders.cart_items (prices in cents). */
export type CartItemRow = { productID: string; name: string; priceCents: number; image: { path: string } | null; quantity: number };

/** An order as stored; `to-order.ts` turns it into the wire's Order. */
export type OrderRow = {
  _id: string;
  user: OrderUser;
  itemsCount: number;
  subtotalCents: number;
  cartItems: CartItemRow[];
  paymentMethod: PaymentMethod;
  isPaid: boolean;
  paidAt: Date | string | null;
  isDelivered: boolean;
  deliveredAt: Date | string | null;
  createdAt: Date | string;
};

export type ProductForOrder = { id: string; name: string; priceCents: number; count: number; images: Array<{ path: string }> };

const ORDER = `o.id as "_id", o.user_snapshot as "user", o.items_count as "itemsCount", o.subtotal_cents as "subtotalCents",
  o.cart_items as "cartItems", o.payment_method as "paymentMethod", o.is_paid as "isPaid", o.paid_at as "paidAt",
  o.is_delivered as "isDelivered", o.delivered_at as "deliveredAt", o.created_at as "createdAt"`;

export const findProducts = async (q: Queryable, ids: string[]): Promise<ProductForOrder[]> => {
  const { rows } = await q.query<ProductForOrder>(
    `select id, name, price_cents as "priceCents", count, images from products where id = any($1::uuid[])`,
    [ids],
  );
  return rows;
};

/** What the order keeps of its buyer (docs/interfaces.md: orders.user_snapshot). */
export const findUserSnapshot = async (q: Queryable, userId: string): Promise<OrderUser | null> => {
  const { rows } = await q.query<OrderUser>(
    `select id as "_id", name, last_name as "lastName", email, phone_number as "phoneNumber", address, country,
            zip_code as "zipCode", city, state
       from users where id = $1`,
    [userId],
  );
  return rows[0] ?? null;
};

export type NewOrder = {
  userId: string;
  user: OrderUser;
  itemsCount: number;
  subtotalCents: number;
  cartItems: CartItemRow[];
  paymentMethod: PaymentMethod;
  idempotencyKey: string | null;
};

/**
 * Inserts the order; null when the user already has an order under this idempotency key.
 * On PostgreSQL a concurrent twin waits here until the first commits (then gets null) or rolls back.
 */
export const insertOrder = async (q: Queryable, o: NewOrder): Promise<OrderRow | null> => {
  const { rows } = await q.query<OrderRow>(
    `insert into orders as o (user_id, user_snapshot, items_count, subtotal_cents, cart_items, payment_method, idempotency_key)
     values ($1, $2::jsonb, $3, $4, $5::jsonb, $6, $7)
     on conflict (user_id, idempotency_key) do nothing
     returning ${ORDER}`,
    [o.userId, JSON.stringify(o.user), o.itemsCount, o.subtotalCents, JSON.stringify(o.cartItems), o.paymentMethod, o.idempotencyKey],
  );
  return rows[0] ?? null;
};

/**
 * Takes `quantity` units off the shelf in one statement: the row lock and the re-checked
 * condition make concurrent orders queue, so stock never goes below zero. False when too few are left.
 */
export const takeStock = async (q: Queryable, productId: string, quantity: number): Promise<boolean> => {
  const { rowCount } = await q.query(
    'update products set count = count - $2, sales = sales + $2 where id = $1 and count >= $2',
    [productId, quantity],
  );
  return rowCount === 1;
};

/** The projection's column holding each event's time: the event copies it, so both always agree. */
const EVENT_TIME = { created: 'created_at', paid: 'paid_at', delivered: 'delivered_at' } as const;

/** Appends the event for the change just written to the order row, in the same transaction. */
export const appendEvent = async (q: Queryable, orderId: string, type: OrderEvent['type']): Promise<void> => {
  await q.query(`insert into order_events (order_id, type, at) select id, $2, ${EVENT_TIME[type]} from orders where id = $1`, [
    orderId,
    type,
  ]);
};

export const findOrderByKey = async (q: Queryable, userId: string, key: string): Promise<OrderRow | null> => {
  const { rows } = await q.query<OrderRow>(`select ${ORDER} from orders o where o.user_id = $1 and o.idempotency_key = $2`, [
    userId,
    key,
  ]);
  return rows[0] ?? null;
};

/**
 * The order and the id of the user who placed it (null once that account is deleted);
 * `forUpdate` locks the row until the transaction ends (a lifecycle change reads, checks, writes).
 */
export const findOrder = async (q: Queryable, id: string, forUpdate = false): Promise<(OrderRow & { userId: string | null }) | null> => {
  const { rows } = await q.query<OrderRow & { userId: string | null }>(
    `select ${ORDER}, o.user_id as "userId" from orders o where o.id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ?? null;
};

/** Newest first; one user's orders when `userId` is given, else everyone's. */
export const listOrders = async (q: Queryable, userId?: string): Promise<OrderRow[]> => {
  // Two statements rather than `$1 is null or …`, so a user's list always uses orders_user_idx.
  const { rows } = userId
    ? await q.query<OrderRow>(`select ${ORDER} from orders o where o.user_id = $1 order by o.created_at desc, o.id`, [userId])
    : await q.query<OrderRow>(`select ${ORDER} from orders o order by o.created_at desc, o.id`);
  return rows;
};

/** Current stock of the given products; products deleted since are absent. */
export const stockOf = async (q: Queryable, ids: string[]): Promise<Map<string, number>> => {
  if (ids.length === 0) return new Map();
  const { rows } = await q.query<{ id: string; count: number }>('select id, count from products where id = any($1::uuid[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.count]));
};

export const listEvents = async (q: Queryable, orderId: string): Promise<Array<{ type: OrderEvent['type']; at: Date | string; data: Record<string, unknown> }>> => {
  const { rows } = await q.query<{ type: OrderEvent['type']; at: Date | string; data: Record<string, unknown> }>(
    'select type, at, data from order_events where order_id = $1 order by at, id',
    [orderId],
  );
  return rows;
};

/** Marks the order delivered unless it already is; null when nothing changed. */
export const markDelivered = async (q: Queryable, id: string): Promise<OrderRow | null> => {
  const { rows } = await q.query<OrderRow>(
    `update orders o set is_delivered = true, delivered_at = now() where o.id = $1 and not o.is_delivered returning ${ORDER}`,
    [id],
  );
  return rows[0] ?? null;
};
