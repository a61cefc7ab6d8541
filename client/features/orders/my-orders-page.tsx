import { css } from '@emotion/react';
import { Link } from '../../ui/link.tsx';
import type { Order } from '#contracts/order.ts';
import { paths } from '../../lib/paths.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { colors, media, space } from '../../ui/theme.ts';
import { ScrollRegion } from '../../ui/scroll-region.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { pageStyle } from '../../ui/page-style.ts';
import { OrderCards } from '../../lib/order-summary/order-cards.tsx';
import { OrdersTable } from '../../lib/order-summary/orders-table.tsx';

const tableStyle = css({
  width: '100%',
  borderCollapse: 'collapse',
  'th, td': { textAlign: 'left', padding: `${space(2)} ${space(3)}`, borderBottom: `1px solid ${colors.border}`, whiteSpace: 'nowrap' },
  th: { background: colors.surface },
  caption: { textAlign: 'left', color: colors.muted, marginBottom: space(2) },
});

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
        // A narrow screen shows each order as a card; a wide one the table.
        <>
          <OrderCards orders={orders.data} label="Your orders" css={{ [media.lg]: { display: 'none' } }} />
          <ScrollRegion label="Your orders" css={{ [media.belowLg]: { display: 'none' } }}>
            <OrdersTable orders={orders.data} viewer="user" caption="Your orders and their state" css={tableStyle} />
          </ScrollRegion>
        </>
      )}
    </section>
  );
}
