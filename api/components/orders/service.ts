import type { CreateOrderBody, Order } from '#contracts/order.ts';
import { ORDER_SEARCH_INVALID, ORDER_SEARCH_PARAM, orderIdRange, type OrderIdRange } from '#contracts/order-search.ts';
import { tooManyUnits } from '#contracts/order-limit.ts';
import { MESSAGES, type ShippingField, tooManyOpenOrders } from '#contracts/rules.ts';
import { missingShippingFields } from '#contracts/value-rules.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { ApiContext } from '../../context.ts';
import type { Queryable } from '../../db/index.ts';
import type { Paged, PageWindow } from '../../http/admin-page.ts';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../http/errors.ts';
import { isUuid } from '../../http/validate.ts';
import { recordEvent } from './projection.ts';
import * as repo from './repository.ts';
import { productIdsOf, toEvent, toOrder } from './to-order.ts';
import { countApiRefusal, countOrder } from '#server/metrics.ts';

export const orderNotFound = () => notFound('That order');

const overStock = (index: number, name: string, left: number) =>
  badRequest(
    left > 0
      ? `Only ${left} of "${name}" left in stock: lower the quantity to ${left} or less`
      : `"${name}" is out of stock: remove it from your cart`,
    `cartItems.${index}.quantity`,
  );

/**
 * Spec section 5's checkout rule, held by the API too: an order takes stock at once, so an
 * account nobody could ship to must not be able to hold it (hoarding).
 */
const incompleteProfile = (missing: ShippingField[]) => badRequest(`${MESSAGES.fillProfile} Missing: ${missing.join(', ')}.`, missing[0]);

/** Orders on the wire, each line with its product's current stock (read once for all of them). */
const present = async (q: Queryable, rows: repo.OrderRow[]): Promise<Order[]> => {
  const stock = await repo.stockOf(q, productIdsOf(rows));
  return rows.map((row) => toOrder(row, stock));
};

/** One order on the wire with its timeline (also used by cancel-service.ts). */
export const withEvents = async (q: Queryable, row: repo.OrderRow): Promise<Order> => {
  const [stock, events] = await Promise.all([repo.stockOf(q, productIdsOf([row])), repo.listEvents(q, row._id)]);
  return toOrder(row, stock, events.map(toEvent));
};

/** Prices every line from the shop's own products; client prices and totals are never read. */
const priceLines = async (tx: Queryable, items: CreateOrderBody['cartItems']): Promise<repo.CartItemRow[]> => {
  const products = new Map((await repo.findProducts(tx, items.map((i) => i.productID).filter(isUuid))).map((p) => [p.id, p]));
  return items.map((item, index) => {
    const product = products.get(item.productID);
    if (!product)
      throw badRequest(`The product in line ${index + 1} is no longer sold: remove it from your cart`, `cartItems.${index}.productID`);
    if (item.quantity > product.count) throw overStock(index, product.name, product.count);
    const image = product.images[0];
    return {
      productID: product.id,
      name: product.name,
      priceCents: product.priceCents,
      image: image ? { path: image.path, ...(image.width && image.height ? { width: image.width, height: image.height } : {}) } : null,
      quantity: item.quantity,
    };
  });
};

/**
 * Places the order in one transaction: snapshot of the buyer, recomputed lines and totals, one
 * conditional stock update per line, the 'created' event. With an idempotency key a retry, even
 * a concurrent one, answers the first order (`created: false`) instead of placing another.
 */
export const createOrder = async (
  ctx: ApiContext,
  user: AuthUser,
  body: CreateOrderBody,
  idempotencyKey: string | null,
): Promise<{ order: Order; created: boolean }> => {
  const seen = new Set<string>();
  const maxUnits = ctx.config.MAX_UNITS_PER_PRODUCT;
  // Checked before anything is locked or taken: one order must not hold a product's whole stock.
  if (body.cartItems.some((item) => item.quantity > maxUnits)) throw badRequest(tooManyUnits(maxUnits), 'cartItems');
  body.cartItems.forEach((item, index) => {
    if (seen.has(item.productID))
      throw badRequest('This product is in the cart twice: keep one line with the total quantity', `cartItems.${index}.productID`);
    seen.add(item.productID);
  });
  const replay = async () => {
    const existing = idempotencyKey ? await repo.findOrderByKey(ctx.db, user._id, idempotencyKey) : null;
    return existing && { order: (await present(ctx.db, [existing]))[0]!, created: false };
  };
  const earlier = await replay();
  if (earlier) return earlier;

  const row = await ctx.db.transaction(async (tx) => {
    const snapshot = await repo.lockBuyer(tx, user._id);
    if (!snapshot) throw unauthorized();
    const missing = missingShippingFields(snapshot);
    if (missing.length > 0) throw incompleteProfile(missing);
    // A twin of an order placed while this one waited for the lock answers that order, not the limit.
    if (idempotencyKey && (await repo.findOrderByKey(tx, user._id, idempotencyKey))) return null;
    const max = ctx.config.MAX_OPEN_ORDERS_PER_ACCOUNT;
    if ((await repo.countOpenOrders(tx, user._id)) >= max) {
      countApiRefusal('open-orders-per-account');
      throw new AppError(429, tooManyOpenOrders(max), 'cartItems');
    }
    const lines = await priceLines(tx, body.cartItems);
    const inserted = await repo.insertOrder(tx, {
      userId: user._id,
      user: snapshot,
      itemsCount: lines.reduce((n, l) => n + l.quantity, 0),
      subtotalCents: lines.reduce((n, l) => n + l.priceCents * l.quantity, 0),
      cartItems: lines,
      paymentMethod: body.paymentMethod,
      idempotencyKey,
    });
    if (!inserted) return null;
    // Locks taken in one global order (by product id), so two orders never deadlock each other.
    const byId = lines.map((line, index) => ({ line, index })).sort((a, b) => a.line.productID.localeCompare(b.line.productID));
    for (const { line, index } of byId) {
      if (!(await repo.takeStock(tx, line.productID, line.quantity))) {
        const [now] = await repo.findProducts(tx, [line.productID]);
        throw overStock(index, line.name, now?.count ?? 0);
      }
    }
    return (await recordEvent(tx, inserted._id, 'created')) ?? inserted;
  });

  if (!row) {
    const first = await replay();
    if (!first)
      throw new AppError(409, 'An order with this Idempotency-Key is still being placed: try again in a moment', 'Idempotency-Key');
    return first;
  }
  const order = (await present(ctx.db, [row]))[0]!;
  countOrder('placed');
  try {
    ctx.events.emit('orderCreated', {
      _id: order._id,
      createdAt: order.createdAt,
      orderTotal: { cartSubtotal: order.orderTotal.cartSubtotal },
    });
  } catch (error) {
    // The order is committed: a failing listener (the live chart) must not turn it into an error for the buyer.
    ctx.logger.error({ err: error, orderId: order._id }, 'orderCreated listener failed');
  }
  return { order, created: true };
};

export const listMyOrders = async (ctx: ApiContext, user: AuthUser): Promise<Order[]> =>
  present(ctx.db, await repo.listOrders(ctx.db, user._id));

/** Everyone's orders, or only those an admin's search finds (`?search=`, contracts/order-search.ts). */
export const listAllOrders = async (ctx: ApiContext, search?: string): Promise<Order[]> =>
  present(ctx.db, search === undefined ? await repo.listOrders(ctx.db) : await repo.listOrdersIn(ctx.db, rangeOf(search)));

/** One page of everyone's orders (`?page=&limit=`, and `?search=`), newest first as the whole list is. */
export const pageOfAllOrders = async (ctx: ApiContext, window: PageWindow, search?: string): Promise<Paged<Order>> => {
  const range = search === undefined ? undefined : rangeOf(search);
  const [rows, total] = await Promise.all([repo.listOrdersPage(ctx.db, window, range), repo.countOrders(ctx.db, range)]);
  return { items: await present(ctx.db, rows), total };
};

/** The ids an admin's search stands for; text that is no order number or id is a 400 naming `search`. */
const rangeOf = (search: string): OrderIdRange => {
  const range = orderIdRange(search);
  if (!range) throw badRequest(ORDER_SEARCH_INVALID, ORDER_SEARCH_PARAM);
  return range;
};

/** One order with its timeline: the buyer's own, or any for an admin; anything else is 404, not 403. */
export const getOrder = async (ctx: ApiContext, viewer: AuthUser, id: string): Promise<Order> => {
  const row = isUuid(id) ? await repo.findOrder(ctx.db, id) : null;
  if (!row || (!viewer.isAdmin && row.userId !== viewer._id)) throw orderNotFound();
  return withEvents(ctx.db, row);
};

/**
 * Marks the order delivered and appends the event, once: a second call answers the order
 * as the first left it. A wallet order must be paid first (spec section 4: created, paid, delivered);
 * a cash-on-delivery order is recorded paid in the same transaction.
 */
export const markDelivered = async (ctx: ApiContext, id: string): Promise<Order> => {
  if (!isUuid(id)) throw orderNotFound();
  let delivered = false;
  let paidCash = false;
  const row = await ctx.db.transaction(async (tx) => {
    delivered = false;
    paidCash = false;
    const current = await repo.findOrder(tx, id, true);
    if (!current) throw orderNotFound();
    if (current.isDelivered) return current;
    if (current.isCancelled) throw conflict('This order is cancelled: it cannot be marked delivered.');
    if (current.paymentMethod === 'pp' && !current.isPaid) {
      throw conflict('This order is not paid yet: an order paid by wallet can be marked delivered only after its payment');
    }
    const recorded = await recordEvent(tx, id, 'delivered');
    delivered = recorded !== null;
    const after = recorded ?? current;
    if (after.paymentMethod !== 'cod') return after;
    // Cash on delivery is paid as it is delivered: the courier took the cash (docs/interfaces.md).
    const paid = await recordEvent(tx, id, 'paid', { cash: true });
    paidCash = paid !== null;
    return paid ?? after;
  });
  // Counted once committed.
  if (delivered) countOrder('delivered');
  if (paidCash) countOrder('paid');
  return withEvents(ctx.db, row);
};
