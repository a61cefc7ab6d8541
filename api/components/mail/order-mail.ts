import type { Queryable } from '../../db/index.ts';
import type { ApiContext } from '../../context.ts';
import { composeMail, type Mail } from './compose.ts';
import { queueMailAbout } from './outbox.ts';

/** The order events a customer is told of by mail, each once per order. */
export const ORDER_MAIL_KINDS = {
  created: 'order-created',
  paid: 'order-paid',
  delivered: 'order-delivered',
  cancelled: 'order-cancelled',
} as const;
export type OrderMailEvent = keyof typeof ORDER_MAIL_KINDS;

/** In the transaction that records the orders' event: their mails, sent by the worker. */
export const queueOrderMails = (q: Queryable, orderIds: string[], event: OrderMailEvent): Promise<void> =>
  queueMailAbout(q, ORDER_MAIL_KINDS[event], orderIds);

/** The shop's origin in links: PUBLIC_ORIGIN, or the BFF's default address on this machine. */
export const linkOrigin = (ctx: ApiContext): string => ctx.config.PUBLIC_ORIGIN ?? 'http://localhost:3000';

type OrderForMail = {
  id: string;
  email: string;
  name: string;
  lines: Array<{ name: string; quantity: number; priceCents: number }>;
  subtotalCents: number;
  paymentMethod: 'pp' | 'cod';
  shipping: Record<string, string | null>;
  cancelReason: string | null;
};

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const PAYMENT = { pp: 'Card wallet', cod: 'Cash on delivery' } as const;
const CANCELLED = { expired: 'it was not paid in time', buyer: 'you cancelled it', admin: 'the shop cancelled it' } as Record<
  string,
  string
>;

const SAY: Record<string, (number: string, o: OrderForMail) => { subject: string; paragraphs: string[] }> = {
  'order-created': (n, o) => ({
    subject: `Your order ${n}`,
    paragraphs: [
      `Thank you for your order ${n}.`,
      o.paymentMethod === 'pp' ? 'It waits for its payment by card wallet.' : 'You pay cash on delivery.',
    ],
  }),
  'order-paid': (n) => ({ subject: `Your order ${n} is paid`, paragraphs: [`We have received the payment for your order ${n}.`] }),
  'order-delivered': (n) => ({ subject: `Your order ${n} is delivered`, paragraphs: [`Your order ${n} is marked as delivered.`] }),
  'order-cancelled': (n, o) => ({
    subject: `Your order ${n} is cancelled`,
    paragraphs: [`Your order ${n} is cancelled: ${CANCELLED[o.cancelReason ?? ''] ?? 'it was cancelled'}. Nothing was charged.`],
  }),
};

/** An order's mail as it is now, in its buyer's name; null when the order or the buyer is gone. */
export const renderOrderMail = async (ctx: ApiContext, kind: string, orderId: string): Promise<Mail | null> => {
  const say = SAY[kind];
  if (!say) return null;
  const { rows } = await ctx.db.query<OrderForMail>(
    `select o.id, u.email, u.name, o.cart_items as lines, o.subtotal_cents as "subtotalCents", o.payment_method as "paymentMethod",
            o.user_snapshot as shipping, o.cancel_reason as "cancelReason"
       from orders o join users u on u.id = o.user_id where o.id::text = $1`,
    [orderId],
  );
  const o = rows[0];
  if (!o) return null;
  const number = `#${o.id.slice(0, 8).toUpperCase()}`;
  const { subject, paragraphs } = say(number, o);
  const address = ['address', 'city', 'state', 'zipCode', 'country']
    .map((k) => o.shipping[k])
    .filter(Boolean)
    .join(', ');
  return composeMail(ctx.config.SHOP_NAME, {
    to: o.email,
    subject,
    greeting: `Hello ${o.name},`,
    paragraphs,
    rows: [
      ...o.lines.map((l): [string, string] => [`${l.quantity} × ${l.name}`, money(l.priceCents * l.quantity)]),
      ['Total', money(o.subtotalCents)],
      ['Payment', PAYMENT[o.paymentMethod]],
      ...(address ? [['Shipping to', address] as [string, string]] : []),
    ],
    link: { label: 'See your order', url: `${linkOrigin(ctx)}/user/order-details/${o.id}` },
  });
};
