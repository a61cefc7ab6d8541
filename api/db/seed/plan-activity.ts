import { type ProductImage, reviewerName } from '#contracts/product.ts';
import { ADMIN, COMMENTS, CUSTOMERS, JOHN, type PersonSeed } from './people.ts';
import type { ProductRow } from './plan-catalogue.ts';
import type { Rng } from './random.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type UserRow = PersonSeed & { id: string; createdAt: Date };

export type ReviewRow = {
  productId: string;
  userId: string;
  userName: string;
  rating: number;
  comment: string;
  createdAt: Date;
};

/** docs/interfaces.md: orders.user_snapshot. */
export type UserSnapshot = {
  _id: string;
  name: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  address: string;
  country: string;
  zipCode: string;
  city: string;
  state: string;
};

/** docs/interfaces.md: one element of orders.cart_items. */
export type CartItemRow = { productID: string; name: string; priceCents: number; image: ProductImage | null; quantity: number };

export type OrderRow = {
  id: string;
  userId: string | null;
  userSnapshot: UserSnapshot;
  itemsCount: number;
  subtotalCents: number;
  cartItems: CartItemRow[];
  paymentMethod: 'pp' | 'cod';
  isPaid: boolean;
  paidAt: Date | null;
  isDelivered: boolean;
  deliveredAt: Date | null;
  /** Set when the wallet order was left unpaid past the hold: cancelled 'not paid in time'. */
  cancelledAt: Date | null;
  createdAt: Date;
};

export type OrderEventRow = {
  orderId: string;
  type: 'created' | 'paid' | 'delivered' | 'cancelled';
  at: Date;
  data?: Record<string, unknown>;
};

/** UNPAID_ORDER_MINUTES' default: the seed cancels what the API's sweep would have cancelled by `now`. */
export const SEED_UNPAID_ORDER_MINUTES = 30;

export const startOfUtcDay = (d: Date): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

export const snapshotOf = (u: UserRow): UserSnapshot => ({
  _id: u.id,
  name: u.name,
  lastName: u.lastName,
  email: u.email,
  phoneNumber: u.phoneNumber,
  address: u.address,
  country: u.country,
  zipCode: u.zipCode,
  city: u.city,
  state: u.state,
});

export const planUsers = (rng: Rng, now: Date): UserRow[] =>
  [ADMIN, JOHN, ...CUSTOMERS].map((p, i) => ({ ...p, id: rng.uuid(), createdAt: new Date(now.getTime() - (150 - i * 7) * DAY) }));

/** Reviews from John and the customers; sets each product's rating (2 decimals) and reviewsNumber. */
export const planReviews = (rng: Rng, now: Date, products: ProductRow[], users: UserRow[]): ReviewRow[] => {
  const reviewers = users.filter((u) => !u.isAdmin);
  const reviews: ReviewRow[] = [];
  for (const product of products) {
    const howMany = rng.chance(0.12) ? 0 : rng.int(1, Math.min(5, reviewers.length));
    const quality = rng.pick([2, 3, 4, 4, 4, 5, 5, 5]);
    const mine: number[] = [];
    for (const user of rng.sample(reviewers, howMany)) {
      const rating = Math.min(5, Math.max(1, quality + rng.pick([-2, -1, 0, 0, 0, 1]))) as 1 | 2 | 3 | 4 | 5;
      const since = Math.max(product.createdAt.getTime(), now.getTime() - 60 * DAY);
      reviews.push({
        productId: product.id,
        userId: user.id,
        userName: reviewerName(user.name, user.lastName),
        rating,
        comment: rng.pick(COMMENTS[rating]),
        createdAt: new Date(since + Math.floor(rng.next() * (now.getTime() - since))),
      });
      mine.push(rating);
    }
    product.reviewsNumber = mine.length;
    product.rating = mine.length ? Math.round((mine.reduce((a, b) => a + b, 0) / mine.length) * 100) / 100 : 0;
  }
  return reviews;
};

/** A line of an order: what the product was at the time (cents), per docs/interfaces.md. */
export const cartItemOf = (p: Pick<ProductRow, 'id' | 'name' | 'priceCents' | 'images'>, quantity: number): CartItemRow => ({
  productID: p.id,
  name: p.name,
  priceCents: p.priceCents,
  image: p.images[0] ? { ...p.images[0] } : null,
  quantity,
});

/** Builds one order placed at `createdAt`, paid and delivered as chance and `now` allow. */
export const makeOrder = (
  rng: Rng,
  now: Date,
  createdAt: Date,
  buyer: UserRow | { snapshot: UserSnapshot },
  lines: CartItemRow[],
  id: string,
): OrderRow => {
  const paymentMethod = rng.chance(0.65) ? 'pp' : 'cod';
  const cap = now.getTime();
  const paidTime = createdAt.getTime() + rng.int(1, 30) * MINUTE;
  const isPaid = paymentMethod === 'pp' && paidTime <= cap && rng.chance(0.8);
  const deliveredTime = (isPaid ? paidTime : createdAt.getTime()) + rng.int(6 * HOUR, 4 * DAY);
  const deliverable = paymentMethod === 'cod' || isPaid;
  const isDelivered = deliverable && deliveredTime <= cap && rng.chance(0.75);
  // Decided without the generator, so the rest of the demo data stays as it was.
  const expiresTime = createdAt.getTime() + SEED_UNPAID_ORDER_MINUTES * MINUTE;
  const cancelledAt = paymentMethod === 'pp' && !isPaid && expiresTime <= cap ? new Date(expiresTime) : null;
  return {
    id,
    userId: 'snapshot' in buyer ? null : buyer.id,
    userSnapshot: 'snapshot' in buyer ? buyer.snapshot : snapshotOf(buyer),
    itemsCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalCents: lines.reduce((n, l) => n + l.priceCents * l.quantity, 0),
    cartItems: lines,
    paymentMethod,
    isPaid,
    paidAt: isPaid ? new Date(paidTime) : null,
    isDelivered,
    deliveredAt: isDelivered ? new Date(deliveredTime) : null,
    cancelledAt,
    createdAt,
  };
};

export const eventsOf = (o: OrderRow): OrderEventRow[] => [
  { orderId: o.id, type: 'created', at: o.createdAt },
  ...(o.paidAt ? [{ orderId: o.id, type: 'paid' as const, at: o.paidAt }] : []),
  ...(o.deliveredAt ? [{ orderId: o.id, type: 'delivered' as const, at: o.deliveredAt }] : []),
  ...(o.cancelledAt ? [{ orderId: o.id, type: 'cancelled' as const, at: o.cancelledAt, data: { reason: 'expired' } }] : []),
];

/**
 * Orders over the past 30 days (UTC), several today and yesterday, at varied hours; adds each
 * line's quantity to its product's `sales`, except for cancelled orders (they gave it back).
 */
export const planOrders = (rng: Rng, now: Date, products: ProductRow[], users: UserRow[]): OrderRow[] => {
  const buyers = users.filter((u) => !u.isAdmin);
  const today = startOfUtcDay(now).getTime();
  const orders: OrderRow[] = [];
  for (let daysAgo = 29; daysAgo >= 0; daysAgo--) {
    const dayStart = today - daysAgo * DAY;
    const span = daysAgo === 0 ? now.getTime() - dayStart : DAY;
    const howMany = daysAgo <= 1 ? rng.int(7, 10) : rng.int(2, 6);
    const times = Array.from({ length: howMany }, () => dayStart + Math.floor(rng.next() * span)).sort((a, b) => a - b);
    for (const time of times) {
      const lines = rng.sample(products, rng.int(1, 3)).map((p) => cartItemOf(p, rng.chance(0.75) ? 1 : rng.int(2, 3)));
      orders.push(makeOrder(rng, now, new Date(time), rng.pick(buyers), lines, rng.uuid()));
    }
  }
  const byId = new Map(products.map((p) => [p.id, p]));
  for (const o of orders) if (!o.cancelledAt) for (const l of o.cartItems) byId.get(l.productID)!.sales += l.quantity;
  return orders;
};
