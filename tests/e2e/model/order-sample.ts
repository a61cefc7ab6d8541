import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { CancelReason, Order } from '#contracts/order.ts';
import { baseOrder, cancelledOrder, codOrder, paidOrder } from '#machines/order/fixtures.ts';
import { orderMachine, type OrderContext, type OrderViewer } from '#machines/order/order.machine.ts';
import { createControl } from '#machines/testing/controlled-actors.ts';
import type { E2eStep } from '#machines/testing/e2e-paths.ts';
import type { ModelSpec } from '#machines/testing/model.ts';

/** The server's own words, so the oracle's context holds the message the page must show. */
export const SERVER_TEXTS = {
  noAnswer: 'The shop could not be reached. Check your connection and try again.',
  alreadyCancelled: 'This order is already cancelled.',
  cancelledNotDeliverable: 'This order is cancelled: it cannot be marked delivered.',
} as const;

/** Who cancels, as the server records it: the buyer on their page, an admin on theirs. */
const reasonOf = (viewer: OrderViewer): CancelReason => (viewer === 'user' ? 'buyer' : 'admin');

/**
 * The order a path's page opens on, made before the page loads: placed by the buyer (pp or
 * cod), then paid, delivered or cancelled through the API as the sample's answer says.
 */
export type OrderSetup = 'pp' | 'cod' | 'paid' | 'delivered' | 'cancelled';
export const setupOf = (order: Order): OrderSetup => {
  if (order.isCancelled) return 'cancelled';
  if (order.isDelivered) return 'delivered';
  if (order.isPaid) return 'paid';
  return order.paymentMethod;
};

const loadAnswers = (viewer: OrderViewer): AnyEventObject[] => [
  // delivered: a cod order (a wallet order is delivered only once paid, which paidOrder covers)
  ...[
    baseOrder,
    codOrder,
    paidOrder,
    // a delivered cod order is paid (the cash), at its delivery
    { ...codOrder, isDelivered: true, deliveredAt: '2026-11-23T09:00:00Z', isPaid: true, paidAt: '2026-11-23T09:00:00Z' },
    { ...cancelledOrder, cancelReason: reasonOf(viewer) },
  ].map((output) => ({
    type: 'xstate.done.actor.loadOrder',
    output,
  })),
  // made in the browser: the page's first load gets no answer (Playwright aborts it)
  { type: 'xstate.error.actor.loadOrder', error: { status: 0, message: SERVER_TEXTS.noAnswer } },
];

/**
 * What a person can do in each state, for the viewer of the path: the buyer pays and cancels,
 * the admin marks delivery and cancels. A conflict answer is made by the other party cancelling
 * the order through the API just before the click. From then on the server's order is cancelled
 * while the page still shows it open with the server's message (`error`): only what the server
 * still answers the same way is offered (asking again, a second conflict), never a payment.
 */
/** The server's answer to a delivery: a cod order is paid with it (the cash). */
const delivered = (order: Order | null) => {
  const at = '2026-11-24T12:00:00Z';
  return order?.paymentMethod === 'cod' ? { deliveredAt: at, isPaid: true, paidAt: at } : { deliveredAt: at };
};

const byState = (s: AnyMachineSnapshot): AnyEventObject[] => {
  const ctx = s.context as OrderContext;
  const cancelledOnServer = ctx.error !== null;
  if (s.matches('loading')) return loadAnswers(ctx.viewer);
  if (s.matches('failed')) return [{ type: 'order.reload' }];
  if (s.matches('cancelling'))
    return [
      ...(cancelledOnServer
        ? []
        : [
            {
              type: 'xstate.done.actor.cancelOrder',
              output: { ...ctx.order, isCancelled: true, cancelledAt: '2026-11-24T12:00:00Z', cancelReason: reasonOf(ctx.viewer) },
            },
          ]),
      { type: 'xstate.error.actor.cancelOrder', error: { status: 409, message: SERVER_TEXTS.alreadyCancelled } },
    ];
  if (s.matches('marking'))
    return [
      ...(cancelledOnServer ? [] : [{ type: 'xstate.done.actor.markDelivered', output: delivered(ctx.order) }]),
      // only a cod order can be cancelled under the admin's hands (a paid one no longer can)
      ...(ctx.order?.paymentMethod === 'cod'
        ? [{ type: 'xstate.error.actor.markDelivered', error: { status: 409, message: SERVER_TEXTS.cancelledNotDeliverable } }]
        : []),
    ];
  // 'Are you sure?' is modal: only Yes or No.
  if (s.matches({ created: { cancel: 'asking' } })) return [{ type: 'order.cancelConfirmed' }, { type: 'order.cancelDismissed' }];
  if (s.hasTag('confirmDeliver')) return [{ type: 'order.deliverConfirmed' }, { type: 'order.deliverDismissed' }];
  if (s.matches('created'))
    return ctx.viewer === 'admin'
      ? [{ type: 'order.cancel' }, { type: 'order.markDelivered' }]
      : [
          { type: 'order.cancel' },
          ...(cancelledOnServer ? [] : [{ type: 'order.paid', paidAt: '2026-11-24T12:00:00Z' }]),
          // the wallet declined, then `Pay cash on delivery instead` (the payment machine reports the server's order)
          ...(cancelledOnServer || !s.matches({ created: { payment: 'awaitingPayment' } })
            ? []
            : [{ type: 'order.switchedToCash', order: { ...ctx.order, paymentMethod: 'cod' } }]),
        ];
  if (s.matches('paid') && ctx.viewer === 'admin') return [{ type: 'order.markDelivered' }];
  return [];
};

/** The order machine with what the buyer or the admin can make happen in the browser. */
export const orderE2eModel = (viewer: OrderViewer = 'user'): ModelSpec => {
  const control = createControl();
  return {
    name: 'order (e2e)',
    machine: orderMachine.provide({
      actors: { loadOrder: control.promise(), markDelivered: control.promise(), cancelOrder: control.promise() },
    }),
    control,
    input: () => ({ orderId: 'o1', viewer }),
    events: byState,
  };
};

/** One kind per viewer and machine transition (a load's answer is told apart by where it leads). */
export const orderStepKey = ({ event, before, after }: E2eStep): string =>
  `${(before.context as OrderContext).viewer} ${JSON.stringify(before.value)} ${event.type} → ${JSON.stringify(after.value)}`;

/** The events a path's step is named by in the report (the answers the browser waits for are left out). */
export const describeStep = (event: AnyEventObject): string | null => {
  if (event.type === 'xstate.done.actor.loadOrder') return `open ${setupOf((event as unknown as { output: Order }).output)} order`;
  if (event.type === 'xstate.error.actor.loadOrder') return 'open (no answer)';
  if (event.type === 'xstate.error.actor.cancelOrder' || event.type === 'xstate.error.actor.markDelivered') return 'conflict';
  if (event.type.startsWith('xstate.')) return null;
  return event.type.slice('order.'.length);
};
