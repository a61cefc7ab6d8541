import { useParams } from 'react-router-dom';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { pageStyle } from '../../../ui/page-style.ts';
import { OrderView } from './order-view.tsx';

/** /user/order-details/{id} (guarded): one of the user's orders and its payment. */
export function UserOrderDetailsPage() {
  usePageTitle('Order details');
  const { id = '' } = useParams();
  return (
    <section css={pageStyle} aria-labelledby="order-heading">
      <h1 id="order-heading">Order details</h1>
      {/* Another order id is another order: its machines start afresh. */}
      <OrderView key={id} orderId={id} />
    </section>
  );
}
