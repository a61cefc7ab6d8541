import type { Order } from '../../../../contracts/order.ts';
import { dateTimeOf } from './format.ts';

const LABELS = { created: 'Created', paid: 'Paid', delivered: 'Delivered', cancelled: 'Cancelled' } as const;

type Entry = { type: keyof typeof LABELS; at: string };

/**
 * The order's stored events (created, paid, delivered, cancelled) with their times: the order row is
 * their projection, so this is the order's true history. A step the row shows but the events
 * do not yet (just marked delivered or cancelled on this page, or an older answer without events) is taken
 * from the row's own timestamp.
 */
export const timelineOf = (order: Order): Entry[] => {
  const events: Entry[] = order.events ? order.events.map((e) => ({ type: e.type, at: e.at })) : [{ type: 'created', at: order.createdAt }];
  const has = (type: Entry['type']) => events.some((e) => e.type === type);
  if (order.isPaid && order.paidAt && !has('paid')) events.push({ type: 'paid', at: order.paidAt });
  if (order.isDelivered && order.deliveredAt && !has('delivered')) events.push({ type: 'delivered', at: order.deliveredAt });
  if (order.isCancelled && order.cancelledAt && !has('cancelled')) events.push({ type: 'cancelled', at: order.cancelledAt });
  return events.sort((a, b) => a.at.localeCompare(b.at));
};

export function OrderTimeline({ order }: { order: Order }) {
  const events = timelineOf(order);
  return (
    <section aria-labelledby="order-timeline">
      <h2 id="order-timeline">Timeline</h2>
      <ol css={{ paddingLeft: '1.25rem' }}>
        {events.map((e) => (
          <li key={`${e.type}-${e.at}`}>
            <strong>{LABELS[e.type]}</strong> <time dateTime={e.at}>{dateTimeOf(e.at)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
