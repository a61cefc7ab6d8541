import type { AnyEventObject } from 'xstate';
import type { Order } from '../../contracts/order.ts';
import { assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelSpec } from '../testing/model.ts';
import type { PlanTemplates } from '../testing/plan-templates.ts';
import { baseOrder, codOrder, deliveredOrder, paidOrder } from './fixtures.ts';
import { orderMachine, type OrderContext } from './order.machine.ts';

const events: AnyEventObject[] = [
  ...[baseOrder, codOrder, paidOrder, deliveredOrder].map((output) => ({ type: 'xstate.done.actor.loadOrder', output })),
  { type: 'xstate.error.actor.loadOrder', error: { status: 404, message: 'order not found' } },
  { type: 'order.reload' },
  { type: 'order.paid', paidAt: '2026-11-22T10:00:00Z' },
  { type: 'order.markDelivered' },
  { type: 'xstate.done.actor.markDelivered', output: { deliveredAt: '2026-11-23T00:00:00Z' } },
  { type: 'xstate.error.actor.markDelivered', error: { status: 500, message: 'down' } },
];

/** Spec section 4: paid never for cod; delivered only by the admin, and for pp only after paid. */
const check: ModelSpec['check'] = (before, event, after) => {
  const ctx = after.context as OrderContext;
  const prev = (before.context as OrderContext).order;
  const order = ctx.order as Order | null;
  if (order?.paymentMethod === 'cod') assertTrue(!after.hasTag('paid'), 'cod is never paid');
  if (after.hasTag('marking')) {
    assertTrue(ctx.viewer === 'admin', 'only the admin marks delivery');
    assertTrue(order?.paymentMethod === 'cod' || order?.isPaid === true, 'pp is delivered only after payment');
  }
  // Between loads (which may bring any order of the sample) payment is never undone.
  if (prev?.isPaid && order && event.type !== 'xstate.done.actor.loadOrder') assertTrue(order.isPaid, 'paid stays paid');
};

const kind = (o: Order) =>
  `${o.isDelivered ? 'a delivered' : o.isPaid ? 'a paid' : 'an unpaid'} ${o.paymentMethod === 'cod' ? 'cash-on-delivery' : 'wallet'} order`;

/** The test plan's sentences (docs/machines/order.plan.md). */
const describe: PlanTemplates = {
  states: {
    loading: ({ context }) => `the ${context.viewer}'s order page loads order ${context.orderId}`,
    failed: ({ context }) => `the page shows "${context.error}"`,
    resolving: '',
    'created.awaitingPayment': ({ context }) => `the order waits for payment${context.error ? ` ("${context.error}")` : ''}`,
    'created.cashOnDelivery': ({ context }) => `the order is paid on delivery${context.viewer === 'admin' ? ' and Mark as delivered is offered' : ''}${context.error ? ` ("${context.error}")` : ''}`,
    paid: ({ context }) => `the order is paid${context.viewer === 'admin' ? ' and Mark as delivered is offered' : ''}${context.error ? ` ("${context.error}")` : ''}`,
    marking: 'the order is being marked delivered',
    delivered: 'the order is delivered',
  },
  events: {
    'xstate.done.actor.loadOrder': (e) => `the server sends ${kind(e.output)}`,
    'xstate.error.actor.loadOrder': (e) => `the server answers ${e.error.status} "${e.error.message}"`,
    'order.reload': 'the page reloads the order',
    'order.paid': 'the payment on the page succeeds',
    'order.markDelivered': (_event, s) => `the ${s.context.viewer} presses Mark as delivered`,
    'xstate.done.actor.markDelivered': 'the server records the delivery',
    'xstate.error.actor.markDelivered': 'the delivery call fails',
  },
};

export const orderModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'order',
    machine: orderMachine.provide({ actors: { loadOrder: control.promise(), markDelivered: control.promise() } }),
    control,
    inputs: [() => ({ orderId: 'o1', viewer: 'user' }), () => ({ orderId: 'o1', viewer: 'admin' })],
    events,
    check,
    describe,
  };
};
