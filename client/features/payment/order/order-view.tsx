import { useActorRef, useSelector } from '@xstate/react';
import { PAYMENT_TEXTS } from '#machines/checkout/payment.machine.ts';
import { cancelReasonText, ORDER_TEXTS } from '#machines/order/order.machine.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { Skeleton } from '../../../ui/spinner.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { dateOf } from '../../../lib/dates.ts';
import { OrderLines } from '../../../lib/order-summary/order-lines.tsx';
import { ShippingDetails } from '../../../lib/order-summary/shipping-details.tsx';
import { Totals } from '../../../lib/order-summary/totals.tsx';
import { blockHeading, boxStyle, twoColumns } from '../../../lib/order-summary/layout.ts';
import { orderNumber, PAYMENT_METHOD_LABELS } from '../../../lib/order-summary/order-labels.ts';
import { OrderTimeline } from '../../../lib/order-summary/order-timeline.tsx';
import { liveUserOrderMachine } from './live-order.ts';
import { PaymentArea } from './payment-area.tsx';
import { devEventLog } from '../../../lib/event-log.ts';
import { useKioskMode } from '../../kiosk/kiosk-mode.ts';

/** A kiosk shows no card wallet: its windows would leave the shop, and the next shopper could find them. */
export const KIOSK_PAY_ELSEWHERE = 'Pay for this order on your own device: the card wallet is not offered on this kiosk.';

export type OrderViewProps = { orderId: string; logic?: typeof liveUserOrderMachine };

/** One order driven by orderMachine: its state (tags) decides what the payment box says. */
export function OrderView({ orderId, logic = liveUserOrderMachine }: OrderViewProps) {
  const orderRef = useActorRef(logic, { input: { orderId, viewer: 'user' }, inspect: devEventLog?.inspect('order') });
  const order = useSelector(orderRef, (s) => s.context.order);
  const loading = useSelector(orderRef, (s) => s.hasTag('loading'));
  const failed = useSelector(orderRef, (s) => (s.hasTag('error') ? s.context.error : null));
  const payPending = useSelector(orderRef, (s) => s.hasTag('payPending'));
  const payOnDelivery = useSelector(orderRef, (s) => s.hasTag('payOnDelivery'));
  const finished = useSelector(orderRef, (s) => s.hasTag('paid') || s.hasTag('delivered'));
  const cancelled = useSelector(orderRef, (s) => s.hasTag('cancelled'));
  const cancellable = useSelector(orderRef, (s) => s.hasTag('cancellable') || s.hasTag('confirmCancel'));
  const asking = useSelector(orderRef, (s) => s.hasTag('confirmCancel'));
  const cancelling = useSelector(orderRef, (s) => s.hasTag('cancelling'));
  const notice = useSelector(orderRef, (s) => (s.hasTag('error') ? null : s.context.error));
  const kiosk = useKioskMode().active;

  if (failed) {
    return (
      <Alert tone="danger" action={<Button onClick={() => orderRef.send({ type: 'order.reload' })}>Try again</Button>}>
        {failed}
      </Alert>
    );
  }
  if (loading || !order) {
    return (
      <div aria-busy="true" css={{ display: 'grid', gap: 12 }}>
        <VisuallyHidden role="status">Loading your order ...</VisuallyHidden>
        <Skeleton height={80} />
        <Skeleton height={160} />
      </div>
    );
  }

  return (
    <div css={twoColumns}>
      <div css={{ display: 'grid', gap: 24 }}>
        <p css={{ margin: 0, fontSize: '1.25rem', fontWeight: 700 }}>{orderNumber(order)}</p>
        <section aria-labelledby="shipping-heading">
          <h2 id="shipping-heading" css={blockHeading}>
            Shipping
          </h2>
          <ShippingDetails user={order.user} />
          <Alert tone={order.isDelivered ? 'success' : 'warning'}>
            {order.isDelivered ? `Delivered at ${dateOf(order.deliveredAt)}` : 'Not delivered'}
          </Alert>
        </section>
        <section aria-labelledby="payment-heading">
          <h2 id="payment-heading" css={blockHeading}>
            Payment method
          </h2>
          <p css={{ margin: 0 }}>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</p>
          <Alert tone={order.isPaid ? 'success' : 'warning'}>{order.isPaid ? `Paid on ${dateOf(order.paidAt)}` : 'Not paid yet'}</Alert>
        </section>
        <section aria-labelledby="items-heading">
          <h2 id="items-heading" css={blockHeading}>
            Order items
          </h2>
          <OrderLines items={order.cartItems} />
        </section>
        <OrderTimeline order={order} viewer="user" />
      </div>
      <aside css={boxStyle}>
        <Totals itemsCount={order.orderTotal.itemsCount} cartSubtotal={order.orderTotal.cartSubtotal}>
          <p css={{ margin: 0 }}>Ordered on {dateOf(order.createdAt)}</p>
          {notice ? <Alert tone="danger">{notice}</Alert> : null}
          {cancelled ? (
            <Alert tone="danger">
              <strong>{ORDER_TEXTS.cancelled}</strong> ({cancelReasonText(order.cancelReason, 'user')})
            </Alert>
          ) : finished ? (
            <Button disabled>{PAYMENT_TEXTS.finished}</Button>
          ) : payOnDelivery ? (
            <Button disabled>{PAYMENT_TEXTS.payOnDelivery}</Button>
          ) : payPending && kiosk ? (
            <Alert tone="info">{KIOSK_PAY_ELSEWHERE}</Alert>
          ) : payPending ? (
            <>
              <p css={{ margin: 0, fontWeight: 600 }}>{PAYMENT_TEXTS.payForOrder}</p>
              <PaymentArea
                order={order}
                onPaid={(paidAt) => orderRef.send({ type: 'order.paid', paidAt })}
                onSwitchedToCash={(switched) => orderRef.send({ type: 'order.switchedToCash', order: switched })}
              />
            </>
          ) : null}
          {cancellable || cancelling ? (
            <Button
              variant="secondary"
              disabled={cancelling}
              aria-busy={cancelling || undefined}
              onClick={() => orderRef.send({ type: 'order.cancel' })}
            >
              {ORDER_TEXTS.cancelOrder}
            </Button>
          ) : null}
          <ConfirmDialog
            open={asking}
            title={ORDER_TEXTS.confirmCancel}
            confirmLabel="Yes"
            cancelLabel="No"
            onConfirm={() => orderRef.send({ type: 'order.cancelConfirmed' })}
            onCancel={() => orderRef.send({ type: 'order.cancelDismissed' })}
          />
        </Totals>
      </aside>
    </div>
  );
}
