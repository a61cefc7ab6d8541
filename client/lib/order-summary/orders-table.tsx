import type { Order } from '#contracts/order.ts';
import type { OrderViewer } from '#machines/order/order.machine.ts';
import { Link } from '../../ui/link.tsx';
import { formatDollars } from '../../ui/money.ts';
import { dateOf } from '../dates.ts';
import { paths } from '../paths.ts';
import { goToOrderLabel, orderNumber, PAYMENT_METHOD_LABELS } from './order-labels.ts';
import { DeliveredStep, PaidStep } from './order-steps.tsx';

/**
 * The order list of My Orders and of the admin's Orders: number, buyer (the admin's only: a
 * customer's own list is all theirs), date, total, payment method, paid, delivered and a link to
 * the order's page for this viewer. The admin reads the method after the steps, and each step's
 * day. `className` (emotion's `css`) styles the table, its `caption` too.
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
          {admin ? <th scope="col">User</th> : null}
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
              {admin ? <td>{buyer}</td> : null}
              <td>{date}</td>
              <td>{formatDollars(order.orderTotal.cartSubtotal)}</td>
              {admin ? null : method}
              <td>
                <PaidStep order={order} viewer={viewer} />
              </td>
              <td>
                <DeliveredStep order={order} viewer={viewer} />
              </td>
              {admin ? method : null}
              <td>
                <Link
                  to={admin ? paths.admin.orderDetails.to(order._id) : paths.user.orderDetails.to(order._id)}
                  aria-label={admin ? `Details of ${number} of ${buyer} on ${date}` : goToOrderLabel(order)}
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
