import type { Order } from '#contracts/order.ts';
import type { OrderViewer } from '#machines/order/order.machine.ts';
import { Link } from '../../ui/link.tsx';
import { formatDollars } from '../../ui/money.ts';
import { colors } from '../../ui/theme.ts';
import { dateOf } from '../dates.ts';
import { paths } from '../paths.ts';
import { orderNumber, PAYMENT_METHOD_LABELS } from './order-labels.ts';

/**
 * Whether a step happened: the admin's list names its day, the buyer's says yes or no in colour
 * (a mark for the eye, a word for everyone).
 */
const Step = ({ done, at, viewer }: { done: boolean; at?: string | null; viewer: OrderViewer }) =>
  viewer === 'admin' ? (
    done ? (
      <span>✓ {dateOf(at)}</span>
    ) : (
      <span aria-label="no">✗</span>
    )
  ) : (
    <span css={{ color: done ? colors.success : colors.danger, fontWeight: 600 }}>{done ? '✓ Yes' : '✗ No'}</span>
  );

/** A cancelled order will never be delivered: its row says so instead of a plain No. */
const Cancelled = ({ at, viewer }: { at?: string | null; viewer: OrderViewer }) =>
  viewer === 'admin' ? <span>Cancelled {dateOf(at)}</span> : <span css={{ color: colors.muted, fontWeight: 600 }}>Cancelled</span>;

/**
 * The order list of My Orders and of the admin's Orders: number, buyer, date, total, payment
 * method, paid, delivered and a link to the order's page for this viewer. The admin reads the
 * method after the steps, and each step's day. `className` (emotion's `css`) styles the table,
 * its `caption` too.
 */
export function OrdersTable({
  orders,
  viewer,
  caption,
  className,
}: {
  orders: Order[];
  viewer: OrderViewer;
  caption?: string;
  className?: string;
}) {
  const admin = viewer === 'admin';
  const methodHead = <th scope="col">Payment method</th>;
  return (
    <table className={className}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">User</th>
          <th scope="col">Date</th>
          <th scope="col">Total</th>
          {admin ? null : methodHead}
          <th scope="col">Paid</th>
          <th scope="col">Delivered</th>
          {admin ? methodHead : null}
          <th scope="col">{admin ? 'Order details' : 'Details'}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => {
          const number = orderNumber(order);
          const buyer = `${order.user.name} ${order.user.lastName}`;
          const date = dateOf(order.createdAt);
          const method = <td>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</td>;
          return (
            <tr key={order._id}>
              <td>{number}</td>
              <td>{buyer}</td>
              <td>{date}</td>
              <td>{formatDollars(order.orderTotal.cartSubtotal)}</td>
              {admin ? null : method}
              <td>
                <Step done={order.isPaid} at={order.paidAt} viewer={viewer} />
              </td>
              <td>
                {order.isCancelled ? (
                  <Cancelled at={order.cancelledAt} viewer={viewer} />
                ) : (
                  <Step done={order.isDelivered} at={order.deliveredAt} viewer={viewer} />
                )}
              </td>
              {admin ? method : null}
              <td>
                <Link
                  to={admin ? paths.admin.orderDetails.to(order._id) : paths.user.orderDetails.to(order._id)}
                  aria-label={admin ? `Details of ${number} of ${buyer} on ${date}` : `Go to ${number} of ${date}`}
                >
                  go to order
                </Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
