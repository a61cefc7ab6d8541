import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import type { Order } from '#contracts/order.ts';
import { cancelReasonText, ORDER_TEXTS, orderMachine, type OrderViewer } from '#machines/order/order.machine.ts';
import { api } from '../../../lib/api.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { TableSkeleton } from '../table-skeleton.tsx';
import { useLogoutOnFailure } from '../use-admin-get.ts';
import { OrderSummary } from './order-summary.tsx';
import { OrderTimeline } from '../../../lib/order-summary/order-timeline.tsx';
import { devEventLog } from '../../../lib/event-log.ts';

/** The order machine with the admin's real calls. */
export const liveAdminOrderMachine = orderMachine.provide({
  actors: {
    loadOrder: fromPromise<Order, { orderId: string; viewer: OrderViewer }>(({ input, signal }) =>
      api.get(`/api/orders/user/${encodeURIComponent(input.orderId)}`, { signal }),
    ),
    markDelivered: fromPromise<Partial<Order> | void, { orderId: string }>(({ input, signal }) =>
      api.put(`/api/orders/delivered/${encodeURIComponent(input.orderId)}`, undefined, { signal }),
    ),
    // An admin cancels any order neither paid nor delivered.
    cancelOrder: fromPromise<Order, { orderId: string }>(({ input, signal }) =>
      api.put(`/api/orders/cancel/${encodeURIComponent(input.orderId)}`, undefined, { signal }),
    ),
  },
});

function OrderDetails({ orderId, logic }: { orderId: string; logic: typeof liveAdminOrderMachine }) {
  const actor = useActorRef(logic, { input: { orderId, viewer: 'admin' }, inspect: devEventLog?.inspect('order') });
  const order = useSelector(actor, (s) => s.context.order);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.hasTag('loading') && !s.hasTag('marking'));
  // Only loading the order ends in 'error'; a failed 'Mark as delivered' shows its message.
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  // A load that got no answer (offline, the page leaving) says nothing about the session.
  useLogoutOnFailure(useSelector(actor, (s) => s.hasTag('error') && s.context.loadStatus !== 0));
  const marking = useSelector(actor, (s) => s.hasTag('marking'));
  const delivered = useSelector(actor, (s) => s.hasTag('delivered'));
  const deliverable = useSelector(actor, (s) => s.hasTag('deliverable'));
  const cancelled = useSelector(actor, (s) => s.hasTag('cancelled'));
  const cancellable = useSelector(actor, (s) => s.hasTag('cancellable') || s.hasTag('confirmCancel'));
  const asking = useSelector(actor, (s) => s.hasTag('confirmCancel'));
  const askingDelivery = useSelector(actor, (s) => s.hasTag('confirmDeliver'));
  const cancelling = useSelector(actor, (s) => s.hasTag('cancelling'));

  if (failed) {
    return <LoadFailed error={error ?? ''} onRetry={() => actor.send({ type: 'order.reload' })} />;
  }
  if (loading || !order) return <TableSkeleton rows={6} label="Loading the order ..." />;
  return (
    <>
      <OrderSummary order={order} />
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div css={{ margin: '1rem 0', display: 'flex', flexWrap: 'wrap', gap: '0.75rem', alignItems: 'center' }}>
        {cancelled ? (
          <Alert tone="danger">
            <strong>{ORDER_TEXTS.cancelled}</strong> ({cancelReasonText(order.cancelReason, 'admin')})
          </Alert>
        ) : (
          <Button
            disabled={delivered || marking || !deliverable}
            aria-busy={marking || undefined}
            onClick={() => actor.send({ type: 'order.markDelivered' })}
          >
            {delivered ? ORDER_TEXTS.finished : ORDER_TEXTS.markDelivered}
          </Button>
        )}
        {cancellable || cancelling ? (
          <Button
            variant="secondary"
            disabled={cancelling}
            aria-busy={cancelling || undefined}
            onClick={() => actor.send({ type: 'order.cancel' })}
          >
            {ORDER_TEXTS.cancelOrder}
          </Button>
        ) : null}
        {!delivered && !deliverable && !cancelled ? <p>A wallet order can be marked delivered once it is paid.</p> : null}
      </div>
      <ConfirmDialog
        open={asking}
        title={ORDER_TEXTS.confirmCancel}
        confirmLabel="Yes"
        cancelLabel="No"
        onConfirm={() => actor.send({ type: 'order.cancelConfirmed' })}
        onCancel={() => actor.send({ type: 'order.cancelDismissed' })}
      />
      <ConfirmDialog
        open={askingDelivery}
        title={ORDER_TEXTS.confirmDeliver}
        confirmLabel="Yes"
        cancelLabel="No"
        onConfirm={() => actor.send({ type: 'order.deliverConfirmed' })}
        onCancel={() => actor.send({ type: 'order.deliverDismissed' })}
      />
      <OrderTimeline order={order} viewer="admin" />
    </>
  );
}

/** /admin/order-details/{id}: the order, its timeline, 'Mark as delivered' and 'Cancel order' (each after 'Are you sure?'). */
export function AdminOrderDetailsPage({ logic = liveAdminOrderMachine }: { logic?: typeof liveAdminOrderMachine }) {
  usePageTitle('Order details');
  const { id = '' } = useParams();
  return (
    <section>
      <h1>Order details</h1>
      <OrderDetails key={id} orderId={id} logic={logic} />
    </section>
  );
}
