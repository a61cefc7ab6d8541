import type { Order } from '#contracts/order.ts';
import { mutedText, tableStyle, tableWrap } from '../admin-styles.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { formatDollars } from '../../../ui/money.ts';
import { dateTimeOf } from '../../../lib/dates.ts';
import { orderNumber, PAYMENT_METHOD_LABELS } from '../../../lib/order-summary/order-labels.ts';

/** Which order, who ordered what, where it goes, and how it is paid. */
export function OrderSummary({ order }: { order: Order }) {
  const u = order.user;
  return (
    <div css={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))' }}>
      <p css={{ gridColumn: '1 / -1', margin: 0, fontSize: '1.25rem', fontWeight: 700 }}>{orderNumber(order)}</p>
      <section aria-labelledby="order-shipping">
        <h2 id="order-shipping">Shipping</h2>
        <p>
          <b>Name</b>: {u.name} {u.lastName}
          <br />
          <b>Address</b>: {[u.address, u.city, u.state, u.zipCode, u.country].filter(Boolean).join(', ')}
          <br />
          <b>Phone</b>: {u.phoneNumber}
        </p>
        <p css={mutedText}>Ordered {dateTimeOf(order.createdAt)}</p>
      </section>
      <section aria-labelledby="order-payment">
        <h2 id="order-payment">Payment</h2>
        <p>
          <b>Method</b>: {PAYMENT_METHOD_LABELS[order.paymentMethod]}
          <br />
          <b>Paid</b>: {order.isPaid ? 'yes' : 'no'} · <b>Delivered</b>: {order.isDelivered ? 'yes' : 'no'}
        </p>
        <p>
          <b>Items</b>: {order.orderTotal.itemsCount} · <b>Total</b>: {formatDollars(order.orderTotal.cartSubtotal)}
        </p>
      </section>
      <ScrollRegion label="Order items" css={[tableWrap, { gridColumn: '1 / -1' }]}>
        <table css={tableStyle}>
          <caption css={{ textAlign: 'left', fontWeight: 700 }}>Order items</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Price</th>
              <th scope="col">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {order.cartItems.map((item) => (
              <tr key={item.productID}>
                <td>{item.name}</td>
                <td>{formatDollars(item.price)}</td>
                <td>{item.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
