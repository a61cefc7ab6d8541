import type { Order } from '#contracts/order.ts';
import { assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelCheck, ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { baseOrder, cancelledOrder, codOrder, deliveredOrder, paidOrder } from './fixtures.ts';
import { cancelReasonText, orderMachine, type OrderContext } from './order.machine.ts';

type Event = ModelEvent<typeof orderMachine>;

const events: Event[] = [
  ...[baseOrder, codOrder, paidOrder, deliveredOrder, cancelledOrder].map((output): Event => ({
    type: 'xstate.done.actor.loadOrder',
    output,
  })),
  { type: 'xstate.error.actor.loadOrder', error: { status: 404, message: 'order not found' } },
  { type: 'order.reload' },
  { type: 'order.paid', paidAt: '2026-11-22T10:00:00Z' },
  { type: 'order.switchedToCash', order: codOrder },
  { type: 'order.markDelivered' },
  { type: 'order.deliverDismissed' },
  { type: 'order.deliverConfirmed' },
  { type: 'xstate.done.actor.markDelivered', output: { deliveredAt: '2026-11-23T00:00:00Z' } },
  {
    type: 'xstate.done.actor.markDelivered',
    output: { deliveredAt: '2026-11-23T00:00:00Z', isPaid: true, paidAt: '2026-11-23T00:00:00Z' },
  },
  { type: 'xstate.error.actor.markDelivered', error: { status: 500, message: 'down' } },
  { type: 'order.cancel' },
  { type: 'order.cancelDismissed' },
  { type: 'order.cancelConfirmed' },
  { type: 'xstate.done.actor.cancelOrder', output: { ...cancelledOrder, cancelReason: 'buyer' } },
  { type: 'xstate.error.actor.cancelOrder', error: { status: 409, message: 'This order is paid: it can no longer be cancelled.' } },
];

/**
 * Spec section 4: paid never for cod; delivered only by the admin, and for pp only after paid.
 * Only an order neither paid nor delivered is cancelled, only after 'Are you sure?',
 * and a cancelled order offers no payment and no delivery.
 */
const check: ModelCheck<typeof orderMachine> = (before, event, after) => {
  const ctx = after.context;
  const prev = before.context.order;
  const order = ctx.order;
  if (order?.paymentMethod === 'cod') assertTrue(!after.hasTag('paid'), 'cod is never paid');
  if (after.hasTag('marking')) {
    assertTrue(ctx.viewer === 'admin', 'only the admin marks delivery');
    assertTrue(before.hasTag('confirmDeliver'), 'a delivery is marked only after "Are you sure?"');
    assertTrue(order?.paymentMethod === 'cod' || order?.isPaid === true, 'pp is delivered only after payment');
  }
  if (after.hasTag('cancelling')) {
    assertTrue(before.hasTag('confirmCancel'), 'a cancel is sent only after "Are you sure?"');
    assertTrue(!order?.isPaid && !order?.isDelivered, 'only an order neither paid nor delivered is cancelled');
  }
  if (after.hasTag('cancelled')) {
    assertTrue(order?.isCancelled === true, 'the cancelled state shows a cancelled order');
    for (const tag of ['payPending', 'payOnDelivery', 'deliverable', 'paid', 'cancellable'])
      assertTrue(!after.hasTag(tag), `a cancelled order is not ${tag}`);
  }
  if (event.type === 'order.switchedToCash' && before.hasTag('payPending'))
    assertTrue(after.hasTag('payOnDelivery') && !after.hasTag('payPending'), 'a switch to cash waits for delivery, no wallet');
  if (event.type === 'xstate.done.actor.markDelivered' && event.output?.isPaid && before.hasTag('marking'))
    assertTrue(order?.isPaid === true && after.hasTag('delivered'), 'a delivery the server recorded paid (the cash) reads paid');
  // Between loads (which may bring any order of the sample) payment is never undone.
  if (prev?.isPaid && order && event.type !== 'xstate.done.actor.loadOrder') assertTrue(order.isPaid, 'paid stays paid');
};

const kind = (o: Order) =>
  `${o.isCancelled ? 'a cancelled' : o.isDelivered ? 'a delivered' : o.isPaid ? 'a paid' : 'an unpaid'} ${o.paymentMethod === 'cod' ? 'cash-on-delivery' : 'wallet'} order`;
const noted = (c: OrderContext) => (c.error ? ` ("${c.error}")` : '');

/** The test plan's sentences (docs/machines/order.plan.md). */
const describe: ModelPlan<typeof orderMachine> = {
  states: {
    loading: ({ context }) => `the ${context.viewer}'s order page loads order ${context.orderId}`,
    failed: ({ context }) => `the page shows "${context.error}"`,
    resolving: '',
    'created.payment.awaitingPayment': ({ context }) => `the order waits for payment${noted(context)}`,
    'created.payment.cashOnDelivery.idle': ({ context }) =>
      `the order is paid on delivery${context.viewer === 'admin' ? ', Mark as delivered is offered' : ''}${noted(context)}`,
    'created.payment.cashOnDelivery.asking': '"Are you sure?" is asked before marking delivery',
    'created.cancel.offered': 'Cancel order is offered',
    'created.cancel.asking': '"Are you sure?" is asked',
    cancelling: 'the order is being cancelled',
    cancelled: ({ context }) =>
      `"Order cancelled" is shown, ${cancelReasonText(context.order?.cancelReason, context.viewer)}, with no payment and no delivery`,
    'paid.idle': ({ context }) =>
      `the order is paid${context.viewer === 'admin' ? ' and Mark as delivered is offered' : ''}${noted(context)}`,
    'paid.asking': '"Are you sure?" is asked before marking delivery',
    marking: 'the order is being marked delivered',
    delivered: 'the order is delivered',
  },
  events: {
    'xstate.done.actor.loadOrder': (e) => `the server sends ${kind(e.output)}`,
    'xstate.error.actor.loadOrder': (e) => `the server answers ${e.error.status} "${e.error.message}"`,
    'order.reload': 'the page reloads the order',
    'order.paid': 'the payment on the page succeeds',
    'order.switchedToCash': 'the buyer chose cash on delivery after a declined payment',
    'order.markDelivered': (_event, s) => `the ${s.context.viewer} presses Mark as delivered`,
    'xstate.done.actor.markDelivered': (e) => `the server records the delivery${e.output?.isPaid ? ' and the cash' : ''}`,
    'xstate.error.actor.markDelivered': 'the delivery call fails',
    'order.deliverConfirmed': (_event, s) => `the ${s.context.viewer} confirms the delivery`,
    'order.deliverDismissed': (_event, s) => `the ${s.context.viewer} answers no to the delivery`,
    'order.cancel': (_event, s) => `the ${s.context.viewer} presses Cancel order`,
    'order.cancelConfirmed': (_event, s) => `the ${s.context.viewer} confirms`,
    'order.cancelDismissed': (_event, s) => `the ${s.context.viewer} answers no`,
    'xstate.done.actor.cancelOrder': 'the server cancels the order',
    'xstate.error.actor.cancelOrder': (e) => `the server refuses the cancel: "${e.error.message}"`,
  },
};

export const orderModel = (): ModelSpec<typeof orderMachine> => {
  const control = createControl();
  return {
    name: 'order',
    machine: orderMachine.provide({
      actors: { loadOrder: control.promise(), markDelivered: control.promise(), cancelOrder: control.promise() },
    }),
    control,
    inputs: [() => ({ orderId: 'o1', viewer: 'user' }), () => ({ orderId: 'o1', viewer: 'admin' })],
    events,
    check,
    describe,
  };
};
