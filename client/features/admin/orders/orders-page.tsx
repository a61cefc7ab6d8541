import { Link } from '../../../ui/link.tsx';
import type { Order } from '../../../../contracts/order.ts';
import { paths } from '../../../lib/paths.ts';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { tableStyle, tableWrap } from '../admin-styles.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { TableSkeleton } from '../table-skeleton.tsx';
import { AdminPager } from '../admin-pager.tsx';
import { useAdminPage } from '../use-admin-page.ts';
import { formatDollars } from '../../../ui/money.ts';
import { dateOf } from '../../../lib/dates.ts';
import { orderNumber, PAYMENT_METHOD_LABELS } from '../../../lib/order-summary/order-labels.ts';
import { ORDER_SEARCH_PARAM } from '../../../../contracts/order-search.ts';
import { OrderSearch, useOrderSearch } from './order-search.tsx';

const yesNo = (done: boolean, when?: string | null) => (done ? <span>✓ {dateOf(when)}</span> : <span aria-label="no">✗</span>);

/**
 * /admin/orders: the orders a page at a time, newest as the server sorts them, each linking to
 * its details. The search asks the server (`?search=`), so it finds any order among thousands.
 */
export function AdminOrdersPage() {
  usePageTitle('Orders');
  const search = useOrderSearch();
  const orders = useAdminPage<Order>('/api/orders/admin', { params: search.filter });
  return (
    <section>
      <h1>Orders</h1>
      <OrderSearch text={search.text} error={search.error} />
      {orders.status !== 'success' ? (
        <TableSkeleton label="Loading orders ..." />
      ) : orders.total === 0 ? (
        <p role="status">{search.filter[ORDER_SEARCH_PARAM] ? `No order matches ${search.text}.` : 'No orders yet.'}</p>
      ) : (
        <>
          <ScrollRegion label="Orders" css={tableWrap}>
            <table css={tableStyle}>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">User</th>
                  <th scope="col">Date</th>
                  <th scope="col">Total</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Delivered</th>
                  <th scope="col">Payment method</th>
                  <th scope="col">Order details</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.map((o) => (
                  <tr key={o._id}>
                    <td>{orderNumber(o)}</td>
                    <td>
                      {o.user.name} {o.user.lastName}
                    </td>
                    <td>{dateOf(o.createdAt)}</td>
                    <td>{formatDollars(o.orderTotal.cartSubtotal)}</td>
                    <td>{yesNo(o.isPaid, o.paidAt)}</td>
                    <td>{o.isCancelled ? <span>Cancelled {dateOf(o.cancelledAt)}</span> : yesNo(o.isDelivered, o.deliveredAt)}</td>
                    <td>{PAYMENT_METHOD_LABELS[o.paymentMethod]}</td>
                    <td>
                      <Link
                        to={paths.admin.orderDetails.to(o._id)}
                        aria-label={`Details of ${orderNumber(o)} of ${o.user.name} ${o.user.lastName} on ${dateOf(o.createdAt)}`}
                      >
                        go to order
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <AdminPager page={orders.page} pages={orders.pages} hrefOf={orders.hrefOf} label="Orders" />
        </>
      )}
    </section>
  );
}
