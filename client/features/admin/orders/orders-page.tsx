import type { Order } from '#contracts/order.ts';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { tableStyle, tableWrap } from '../admin-styles.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { AdminListBody } from '../admin-list-body.tsx';
import { AdminPager } from '../admin-pager.tsx';
import { useAdminPage } from '../use-admin-page.ts';
import { OrdersTable } from '../../../lib/order-summary/orders-table.tsx';
import { ORDER_SEARCH_PARAM } from '#contracts/order-search.ts';
import { OrderSearch, useOrderSearch } from './order-search.tsx';

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
      <AdminListBody list={orders} label="Loading orders ...">
        {(shown) =>
          shown.total === 0 ? (
            <p role="status">{search.filter[ORDER_SEARCH_PARAM] ? `No order matches ${search.text}.` : 'No orders yet.'}</p>
          ) : (
            <>
              <ScrollRegion label="Orders" css={tableWrap}>
                <OrdersTable orders={shown.data} viewer="admin" css={tableStyle} />
              </ScrollRegion>
              <AdminPager page={orders.page} pages={orders.pages} hrefOf={orders.hrefOf} label="Orders" />
            </>
          )
        }
      </AdminListBody>
    </section>
  );
}
