import type { CancelReason, Order } from '#contracts/order.ts';
import { cancelReasonText, type OrderViewer } from '#machines/order/order.machine.ts';
import { dateTimeOf } from '../dates.ts';
import { blockHeading } from './layout.ts';

const LABELS = {
  created: 'Created',
  paid: 'Paid',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  switchedToCash: 'Switched to cash on delivery',
} as const;

type Entry = { type: keyof typeof LABELS; at: string; reason?: CancelReason | null };

/** The `cancelled` event's `data.reason` (an unknown one reads as no reason: cancelReasonText gives it no words). */
const reasonOf = (data: Record<string, unknown> | undefined): CancelReason | null =>
  typeof data?.reason === 'string' ? (data.reason as CancelReason) : null;

/**
 * The order's stored events (created, paid, delivered, cancelled) with their times: the order row is
 * their projection, so this is the order's true history. A step the row shows but the events
 * do not yet (just marked delivered or cancelled on this page, or an older answer without events) is taken
 * from the row's own timestamp.
 */
export const timelineOf = (order: Order): Entry[] => {
  const events: Entry[] = order.events
    ? order.events.map((e) => ({
        type: e.type,
        at: e.at,
        reason: e.type === 'cancelled' ? (reasonOf(e.data) ?? order.cancelReason) : null,
      }))
    : [{ type: 'created', at: order.createdAt }];
  const has = (type: Entry['type']) => events.some((e) => e.type === type);
  if (order.isPaid && order.paidAt && !has('paid')) events.push({ type: 'paid', at: order.paidAt });
  if (order.isDelivered && order.deliveredAt && !has('delivered')) events.push({ type: 'delivered', at: order.deliveredAt });
  if (order.isCancelled && order.cancelledAt && !has('cancelled'))
    events.push({ type: 'cancelled', at: order.cancelledAt, reason: order.cancelReason });
  return events.sort((a, b) => a.at.localeCompare(b.at));
};

/** The timeline the admin and the buyer both see; a cancel says why, in the viewer's words. */
export function OrderTimeline({ order, viewer }: { order: Order; viewer: OrderViewer }) {
  const events = timelineOf(order);
  return (
    <section aria-labelledby="order-timeline">
      <h2 id="order-timeline" css={blockHeading}>
        Timeline
      </h2>
      <ol css={{ paddingLeft: '1.25rem', margin: 0 }}>
        {events.map((e) => {
          const why = cancelReasonText(e.reason, viewer);
          return (
            <li key={`${e.type}-${e.at}`}>
              <strong>{LABELS[e.type]}</strong>
              {why ? ` (${why})` : null} <time dateTime={e.at}>{dateTimeOf(e.at)}</time>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
