import type { AnyEventObject } from 'xstate';
import type { Order } from '../../contracts/order.ts';
import { assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelSpec } from '../testing/model.ts';
import { baseOrder, cancelledOrder, codOrder, deliveredOrder, paidOrder } from './fixtures.ts';
import { orderMachine, type OrderContext } from './order.machine.ts';

const events: AnyEventObject[] = [
  ...[baseOrder, codOrder, paidOrder, deliveredOrder, cancelledOrder].map((output) => ({ type: 'xstate.done.actor.loadOrder', output })),
  { type: 'xstate.error.actor.loadOrder', error: { status: 404, message: 'order not found' } },
  { type: 'order.reload' },
  { type: 'order.paid', paidAt: '2026-11-22T10:00:00Z' },
  { type: 'order.markDelivered' },
  { type: 'xstate.done.actor.markDelivered', output: { deliveredAt: '2026-11-23T00:00:00Z' } },
  { type: 'xstate.error.actor.markDelivered', error: { status: 500, message: 'down' } },
  { type: 'order.cancel' },
  { type: 'order.cancelDismissed' },
  { type: 'order.cancelConfirmed' },
  { type: 'xstate.done.actor.cancelOrder', output: { ...cancelledOrder, cancelReason: 'buyer' } },
  { type: 'xstate.error.actor.cancelOrder', error: { status: 409, message: 'This order is paid: it can no longer be cancelled.' } },
];

/**
 * Spec section 4: paid never for cod; delivered only by the admin, and for pp only after paid.
 * Issue 13: only an order neither paid nor delivered is cancelled, only after 'Are you sure?',
 * and a cancelled order offers no payment and no delivery.
 */
const check: ModelSpec['check'] = (before, event, after) => {
  const ctx = after.context as OrderContext;
  const prev = (before.context as OrderContext).order;
  const order = ctx.order as Order | null;
  if (order?.paymentMethod === 'cod') assertTrue(!after.hasTag('paid'), 'cod is never paid');
  if (after.hasTag('marking')) {
    assertTrue(ctx.viewer === 'admin', 'only the admin marks delivery');
    assertTrue(order?.paymentMethod === 'cod' || order?.isPaid === true, 'pp is delivered only after payment');
  }
  if (after.hasTag('cancelling')) {
    assertTrue(before.hasTag('confirmCancel'), 'a cancel is sent only after "Are you sure?"');
    assertTrue(!order?.isPaid && !order?.isDelivered, 'only an order neither paid nor delivered is cancelled');
  }
  if (after.hasTag('cancelled')) {
    assertTrue(order?.isCancelled === true, 'the cancelled state shows a cancelled order');
    for (const tag of ['payPending', 'payOnDelivery', 'deliverable', 'paid', 'cancellable']) assertTrue(!after.hasTag(tag), `a cancelled order is not ${tag}`);
  }
  // Between loads (which may bring any order of the sample) payment is never undone.
  if (prev?.isPaid && order && event.type !== 'xstate.done.actor.loadOrder') assertTrue(order.isPaid, 'paid stays paid');
};

export const orderModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'order',
    machine: orderMachine.provide({ actors: { loadOrder: control.promise(), markDelivered: control.promise(), cancelOrder: control.promise() } }),
    control,
    inputs: [() => ({ orderId: 'o1', viewer: 'user' }), () => ({ orderId: 'o1', viewer: 'admin' })],
    events,
    check,
  };
};
