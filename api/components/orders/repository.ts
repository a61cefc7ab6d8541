import type { ProductImage } from '#contracts/product.ts';
import type { CancelReason, OrderEvent, OrderUser, PaymentMethod } from '#contracts/order.ts';
import type { OrderIdRange } from '#contracts/order-search.ts';
import type { Queryable } from '../../db/index.ts';
import type { PageWindow } from '../../http/admin-page.ts';

/** docs/interfaces.md: one element of orders.cart_items (prices in cents). */
export type CartItemRow = { productID: string; name: string; priceCents: number; image: ProductImage | null; quantity: number };

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
  isCancelled: boolean;
  cancelledAt: Date | string | null;
  cancelReason: CancelReason | null;
  createdAt: Date | string;
};

export type ProductForOrder = { id: string; name: string; priceCents: number; count: number; images: ProductImage[] };

/** An order's columns as an OrderRow (the table aliased `o`). */
export const ORDER = `o.id as "_id", o.user_snapshot as "user", o.items_count as "itemsCount", o.subtotal_cents as "subtotalCents",
  o.cart_items as "cartItems", o.payment_method as "paymentMethod", o.is_paid as "isPaid", o.paid_at as "paidAt",
  o.is_delivered as "isDelivered", o.delivered_at as "deliveredAt", o.is_cancelled as "isCancelled",
  o.cancelled_at as "cancelledAt", o.cancel_reason as "cancelReason", o.created_at as "createdAt"`;

export const findProducts = async (q: Queryable, ids: string[]): Promise<ProductForOrder[]> => {
  const { rows } = await q.query<ProductForOrder>(
    `select id, name, price_cents as "priceCents", count, images from products where id = any($1::uuid[])`,
    [ids],
  );
  return rows;
};

/**
 * What the order keeps of its buyer (docs/interfaces.md: orders.user_snapshot). The buyer's row
 * stays locked until the transaction ends, so one account's orders are placed one at a time and
 * each counts the open orders of those before it. `no key update`: the foreign keys of
 * the user's other rows (sessions, reviews) are not held up.
 */
export const lockBuyer = async (q: Queryable, userId: string): Promise<OrderUser | null> => {
  const { rows } = await q.query<OrderUser>(
    `select id as "_id", name, last_name as "lastName", email, phone_number as "phoneNumber", address, country,
            zip_code as "zipCode", city, state
       from users where id = $1 for no key update`,
    [userId],
  );
  return rows[0] ?? null;
};

/** The user's orders that are neither paid, delivered nor cancelled. */
export const countOpenOrders = async (q: Queryable, userId: string): Promise<number> => {
  const { rows } = await q.query<{ n: number }>(
    'select count(*)::int as n from orders where user_id = $1 and not is_paid and not is_delivered and not is_cancelled',
    [userId],
  );
  return rows[0]?.n ?? 0;
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
  const { rowCount } = await q.query('update products set count = count - $2, sales = sales + $2 where id = $1 and count >= $2', [
    productId,
    quantity,
  ]);
  return rowCount === 1;
};

export const findOrderByKey = async (q: Queryable, userId: string, key: string): Promise<OrderRow | null> => {
  const { rows } = await q.query<OrderRow>(`select ${ORDER} from orders o where o.user_id = $1 and o.idempotency_key = $2`, [userId, key]);
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

/** Everyone's orders whose id lies in `range` (an admin's search, contracts/order-search.ts), newest first as `listOrders`. */
export const listOrdersIn = async (q: Queryable, range: OrderIdRange): Promise<OrderRow[]> => {
  const { rows } = await q.query<OrderRow>(`select ${ORDER} from orders o where o.id between $1 and $2 order by o.created_at desc, o.id`, [
    range.from,
    range.to,
  ]);
  return rows;
};

/**
 * Everyone's orders in the order of `listOrders` (only those in `range` when given): only the
 * page's ids are picked (an index-only walk), then their rows.
 */
export const listOrdersPage = async (q: Queryable, { limit, offset }: PageWindow, range?: OrderIdRange): Promise<OrderRow[]> => {
  const where = range ? 'where id between $3 and $4' : '';
  const { rows } = await q.query<OrderRow>(
    `select ${ORDER} from orders o
      where o.id in (select id from orders ${where} order by created_at desc, id limit $1 offset $2)
      order by o.created_at desc, o.id`,
    range ? [limit, offset, range.from, range.to] : [limit, offset],
  );
  return rows;
};

export const countOrders = async (q: Queryable, range?: OrderIdRange): Promise<number> => {
  const { rows } = range
    ? await q.query<{ n: number }>('select count(*)::int as n from orders where id between $1 and $2', [range.from, range.to])
    : await q.query<{ n: number }>('select count(*)::int as n from orders');
  return rows[0]?.n ?? 0;
};

/** Current stock of the given products; products deleted since are absent. */
export const stockOf = async (q: Queryable, ids: string[]): Promise<Map<string, number>> => {
  if (ids.length === 0) return new Map();
  const { rows } = await q.query<{ id: string; count: number }>('select id, count from products where id = any($1::uuid[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.count]));
};

export const listEvents = async (
  q: Queryable,
  orderId: string,
): Promise<Array<{ type: OrderEvent['type']; at: Date | string; data: Record<string, unknown> }>> => {
  const { rows } = await q.query<{ type: OrderEvent['type']; at: Date | string; data: Record<string, unknown> }>(
    'select type, at, data from order_events where order_id = $1 order by at, id',
    [orderId],
  );
  return rows;
};

/**
 * Puts the units of cancelled orders back on the shelf and takes them out of the sales counts
 * (`takeStock` added them). Products deleted since are skipped. The rows are locked in id order
 * first, as placing an order does, so a cancel and an order never deadlock each other.
 */
export const returnStock = async (q: Queryable, orderIds: string[]): Promise<void> => {
  if (orderIds.length === 0) return;
  const { rows } = await q.query<{ id: string; quantity: number }>(
    `select (i ->> 'productID')::uuid as id, sum((i ->> 'quantity')::int)::int as quantity
       from orders o cross join lateral jsonb_array_elements(o.cart_items) i
      where o.id = any($1::uuid[]) group by 1 order by 1`,
    [orderIds],
  );
  if (rows.length === 0) return;
  await q.query('select id from products where id = any($1::uuid[]) order by id for update', [rows.map((r) => r.id)]);
  await q.query(
    `update products p set count = p.count + l.quantity, sales = greatest(p.sales - l.quantity, 0)
       from unnest($1::uuid[], $2::int[]) as l(id, quantity) where p.id = l.id`,
    [rows.map((r) => r.id), rows.map((r) => r.quantity)],
  );
};
