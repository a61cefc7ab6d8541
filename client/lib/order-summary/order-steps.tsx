import type { Order } from '#contracts/order.ts';
import type { OrderViewer } from '#machines/order/order.machine.ts';
import { colors } from '../../ui/theme.ts';
import { dateOf } from '../dates.ts';

/**
 * Whether a step happened: the admin's list names its day, the buyer's says yes or no in colour
 * (a mark for the eye, a word for everyone).
 */
export const Step = ({ done, at, viewer }: { done: boolean; at?: string | null; viewer: OrderViewer }) =>
  viewer === 'admin' ? (
    done ? (
      <span>✓ {dateOf(at)}</span>
    ) : (
      <span aria-label="no">✗</span>
    )
  ) : (
    <span css={{ color: done ? colors.success : colors.danger, fontWeight: 600 }}>{done ? '✓ Yes' : '✗ No'}</span>
  );

/** A cancelled order will never be delivered: it says so instead of a plain No. */
const Cancelled = ({ at, viewer }: { at?: string | null; viewer: OrderViewer }) =>
  viewer === 'admin' ? <span>Cancelled {dateOf(at)}</span> : <span css={{ color: colors.muted, fontWeight: 600 }}>Cancelled</span>;

/** The order's Paid step. */
export const PaidStep = ({ order, viewer }: { order: Order; viewer: OrderViewer }) => (
  <Step done={order.isPaid} at={order.paidAt} viewer={viewer} />
);

/** The order's Delivered step, or Cancelled. */
export const DeliveredStep = ({ order, viewer }: { order: Order; viewer: OrderViewer }) =>
  order.isCancelled ? (
    <Cancelled at={order.cancelledAt} viewer={viewer} />
  ) : (
    <Step done={order.isDelivered} at={order.deliveredAt} viewer={viewer} />
  );
