import { css } from '@emotion/react';
import type { Order } from '#contracts/order.ts';
import { Link } from '../../ui/link.tsx';
import { formatDollars } from '../../ui/money.ts';
import { colors, radius, space } from '../../ui/theme.ts';
import { dateOf } from '../dates.ts';
import { paths } from '../paths.ts';
import { goToOrderLabel, orderNumber } from './order-labels.ts';
import { DeliveredStep, PaidStep } from './order-steps.tsx';

const cardStyle = css({
  border: `1px solid ${colors.border}`,
  borderRadius: radius,
  padding: space(3),
  display: 'grid',
  gap: space(2),
});
const factsStyle = css({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${space(1)} ${space(3)}`,
  dd: { margin: 0 },
});

/**
 * A customer's orders as cards, for a screen too narrow for the table: each with its number,
 * date, total, Paid and Delivered, and the link to its page (named as the table names it).
 */
export function OrderCards({ orders, label, className }: { orders: Order[]; label: string; className?: string }) {
  return (
    <ul aria-label={label} className={className} css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(3) }}>
      {orders.map((order) => (
        <li key={order._id} css={cardStyle}>
          <strong>{orderNumber(order)}</strong>
          <dl css={factsStyle}>
            <dt>Date</dt>
            <dd>{dateOf(order.createdAt)}</dd>
            <dt>Total</dt>
            <dd>{formatDollars(order.orderTotal.cartSubtotal)}</dd>
            <dt>Paid</dt>
            <dd>
              <PaidStep order={order} viewer="user" />
            </dd>
            <dt>Delivered</dt>
            <dd>
              <DeliveredStep order={order} viewer="user" />
            </dd>
          </dl>
          <Link to={paths.user.orderDetails.to(order._id)} aria-label={goToOrderLabel(order)}>
            go to order
          </Link>
        </li>
      ))}
    </ul>
  );
}
