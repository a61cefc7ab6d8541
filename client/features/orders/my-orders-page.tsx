import { css } from '@emotion/react';
import { Link } from '../../ui/link.tsx';
import type { Order } from '../../../contracts/order.ts';
import { paths } from '../../lib/paths.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { formatDollars } from '../../ui/money.ts';
import { usePageTitle } from '../../ui/page-title.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { colors, space } from '../../ui/theme.ts';
import { ScrollRegion } from '../../ui/scroll-region.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { pageStyle } from '../../ui/page-style.ts';
import { dateOf } from '../../lib/dates.ts';
import { orderNumber, PAYMENT_METHOD_LABELS } from '../../lib/order-summary/order-labels.ts';

const tableStyle = css({
  width: '100%',
  borderCollapse: 'collapse',
  'th, td': { textAlign: 'left', padding: `${space(2)} ${space(3)}`, borderBottom: `1px solid ${colors.border}`, whiteSpace: 'nowrap' },
  th: { background: colors.surface },
});

/** A status cell: a mark for the eye, a word for everyone. */
const YesNo = ({ value }: { value: boolean }) => (
  <span css={{ color: value ? colors.success : colors.danger, fontWeight: 600 }}>{value ? '✓ Yes' : '✗ No'}</span>
);

/** /user/my-orders (guarded): the user's orders (GET /api/orders), newest as the server sends them. */
export function MyOrdersPage() {
  usePageTitle('My orders');
  const orders = useApiGet<Order[]>('/api/orders');
  return (
    <section css={pageStyle} aria-labelledby="my-orders-heading">
      <h1 id="my-orders-heading">My Orders</h1>
      {orders.status === 'loading' ? (
        <div aria-busy="true" css={{ display: 'grid', gap: 8 }}>
          <VisuallyHidden role="status">Loading your orders ...</VisuallyHidden>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </div>
      ) : orders.status === 'error' ? (
        <Alert tone="danger" action={<Button onClick={orders.reload}>Try again</Button>}>
          {orders.error}
        </Alert>
      ) : orders.data.length === 0 ? (
        <Alert tone="info">
          You have no orders yet. <Link to={paths.home.to()}>Start shopping</Link>
        </Alert>
      ) : (
        // A narrow screen scrolls the table sideways, with a shadow at the edge that has more.
        <ScrollRegion label="Your orders">
          <table css={tableStyle}>
            <caption css={{ textAlign: 'left', color: colors.muted, marginBottom: space(2) }}>Your orders and their state</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">User</th>
                <th scope="col">Date</th>
                <th scope="col">Total</th>
                <th scope="col">Payment method</th>
                <th scope="col">Paid</th>
                <th scope="col">Delivered</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order) => (
                <tr key={order._id}>
                  <td>{orderNumber(order)}</td>
                  <td>
                    {order.user.name} {order.user.lastName}
                  </td>
                  <td>{dateOf(order.createdAt)}</td>
                  <td>{formatDollars(order.orderTotal.cartSubtotal)}</td>
                  <td>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</td>
                  <td>
                    <YesNo value={order.isPaid} />
                  </td>
                  {/* A cancelled order will never be delivered: say so instead of a plain No. */}
                  <td>
                    {order.isCancelled ? (
                      <span css={{ color: colors.muted, fontWeight: 600 }}>Cancelled</span>
                    ) : (
                      <YesNo value={order.isDelivered} />
                    )}
                  </td>
                  <td>
                    <Link
                      to={paths.user.orderDetails.to(order._id)}
                      aria-label={`Go to ${orderNumber(order)} of ${dateOf(order.createdAt)}`}
                    >
                      go to order
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
