import { assign, setup } from 'xstate';
import type { CancelReason, Order } from '#contracts/order.ts';
import { messageOf, missingPromise, statusOf } from '../shared/actors.ts';

export type OrderViewer = 'user' | 'admin';
export type OrderInput = { orderId: string; viewer: OrderViewer };
/** `loadStatus`: the failed load's HTTP status, 0 when no answer came (offline, page leaving). */
export type OrderContext = OrderInput & { order: Order | null; error: string | null; loadStatus?: number };
export type OrderEvent =
  | { type: 'order.paid'; paidAt: string | null }
  | { type: 'order.switchedToCash'; order: Order }
  | { type: 'order.markDelivered' }
  | { type: 'order.reload' }
  | { type: 'order.cancel' }
  | { type: 'order.cancelConfirmed' }
  | { type: 'order.cancelDismissed' }
  | { type: 'order.deliverConfirmed' }
  | { type: 'order.deliverDismissed' };

/** Spec section 4, and the cancellation's additions (docs/interfaces.md lists them). */
export const ORDER_TEXTS = {
  markDelivered: 'Mark as delivered',
  finished: 'Order is finished',
  cancelOrder: 'Cancel order',
  confirmCancel: 'Are you sure?',
  confirmDeliver: 'Are you sure?',
  cancelled: 'Order cancelled',
} as const;

/** Why the order was cancelled, as the viewer reads it: the buyer's own cancel is 'by you' to them. */
export const cancelReasonText = (reason: CancelReason | null | undefined, viewer: OrderViewer): string => {
  if (reason === 'expired') return 'not paid in time';
  if (reason === 'admin') return 'by the shop';
  if (reason === 'buyer') return viewer === 'user' ? 'by you' : 'by the buyer';
  return '';
};

/**
 * ORDER_TEXTS.markDelivered, then ORDER_TEXTS.confirmDeliver (admin only): where an order is
 * deliverable (paid, or cash on delivery), Yes marks it, No leaves it as it was.
 */
const deliveryQuestion = {
  initial: 'idle',
  states: {
    idle: { on: { 'order.markDelivered': { guard: 'isAdmin', target: 'asking' } } },
    asking: { tags: ['confirmDeliver'], on: { 'order.deliverConfirmed': '#order.marking', 'order.deliverDismissed': 'idle' } },
  },
} as const;

/**
 * One order as its page shows it (spec section 4): created → paid (pp only) → delivered; a
 * cod order goes from created straight to delivered, and is paid then (the cash; docs/interfaces.md).
 * A wallet order the buyer switched to cash after a declined payment waits for delivery as cod does. Only the admin marks delivery, and a pp
 * order only once it is paid. An order neither paid nor delivered can be cancelled
 * by its buyer or an admin after 'Are you sure?' (or expires on the server): cancelled is final.
 * Marking delivered cannot be undone either, so it asks 'Are you sure?' first too.
 */
export const orderMachine = setup({
  types: {
    input: {} as OrderInput,
    context: {} as OrderContext,
    events: {} as OrderEvent,
  },
  actors: {
    loadOrder: missingPromise<Order, { orderId: string; viewer: OrderViewer }>('loadOrder'),
    markDelivered: missingPromise<Partial<Pick<Order, 'deliveredAt' | 'isPaid' | 'paidAt'>> | void, { orderId: string }>('markDelivered'),
    cancelOrder: missingPromise<Order, { orderId: string }>('cancelOrder'),
  },
  guards: {
    isCancelled: ({ context }) => context.order?.isCancelled === true,
    isDelivered: ({ context }) => context.order?.isDelivered === true,
    isPaid: ({ context }) => context.order?.isPaid === true,
    isCod: ({ context }) => context.order?.paymentMethod === 'cod',
    isAdmin: ({ context }) => context.viewer === 'admin',
  },
}).createMachine({
  id: 'order',
  context: ({ input }) => ({ ...input, order: null, error: null }),
  initial: 'loading',
  on: { 'order.reload': '.loading' },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId, viewer: context.viewer }),
        onDone: { target: 'resolving', actions: assign(({ event }) => ({ order: event.output, error: null })) },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            error: messageOf(event.error, 'Could not load the order'),
            loadStatus: statusOf(event.error) ?? 0,
          })),
        },
      },
    },
    failed: { tags: ['error'] },
    resolving: {
      always: [
        { guard: 'isCancelled', target: 'cancelled' },
        { guard: 'isDelivered', target: 'delivered' },
        { guard: 'isPaid', target: 'paid' },
        { guard: 'isCod', target: 'created.payment.cashOnDelivery' },
        { target: 'created.payment.awaitingPayment' },
      ],
    },
    // Neither paid nor delivered: the payment goes on while the cancel question is asked beside it.
    created: {
      tags: ['created'],
      type: 'parallel',
      states: {
        payment: {
          initial: 'awaitingPayment',
          states: {
            // 'Pay for your order': the page runs paymentMachine and reports its result here.
            awaitingPayment: {
              tags: ['payPending'],
              on: {
                'order.paid': {
                  target: '#order.paid',
                  actions: assign(({ context, event }) => ({
                    order: context.order && { ...context.order, isPaid: true, paidAt: event.paidAt },
                  })),
                },
                // The wallet declined and the buyer chose cash on delivery instead: the server's order.
                'order.switchedToCash': { target: 'cashOnDelivery', actions: assign(({ event }) => ({ order: event.order, error: null })) },
              },
            },
            // 'Wait for your order. You pay on delivery'
            cashOnDelivery: { tags: ['payOnDelivery', 'deliverable'], ...deliveryQuestion },
          },
        },
        // ORDER_TEXTS.cancelOrder, then ORDER_TEXTS.confirmCancel.
        cancel: {
          initial: 'offered',
          states: {
            offered: { tags: ['cancellable'], on: { 'order.cancel': 'asking' } },
            asking: { tags: ['confirmCancel'], on: { 'order.cancelConfirmed': '#order.cancelling', 'order.cancelDismissed': 'offered' } },
          },
        },
      },
    },
    cancelling: {
      tags: ['cancelling'],
      invoke: {
        id: 'cancelOrder',
        src: 'cancelOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'cancelled', actions: assign(({ event }) => ({ order: event.output, error: null })) },
        // Paid, delivered or cancelled meanwhile (409): the message says which; reload shows it.
        onError: { target: 'resolving', actions: assign(({ event }) => ({ error: messageOf(event.error, 'Could not cancel the order') })) },
      },
    },
    // ORDER_TEXTS.cancelled with cancelReasonText: no payment, no delivery.
    cancelled: { tags: ['cancelled'] },
    // 'Your order is finished' for the user; the admin can mark delivery.
    paid: { tags: ['paid', 'deliverable'], ...deliveryQuestion },
    marking: {
      tags: ['loading', 'marking'],
      invoke: {
        id: 'markDelivered',
        src: 'markDelivered',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'delivered',
          // A cash-on-delivery order is paid as it is delivered: the server's answer says so.
          actions: assign(({ context, event }) => ({
            order: context.order && {
              ...context.order,
              isDelivered: true,
              deliveredAt: event.output?.deliveredAt ?? null,
              ...(event.output?.isPaid ? { isPaid: true, paidAt: event.output.paidAt ?? null } : {}),
            },
            error: null,
          })),
        },
        onError: {
          target: 'resolving',
          actions: assign(({ event }) => ({ error: messageOf(event.error, 'Could not mark the order delivered') })),
        },
      },
    },
    // ORDER_TEXTS.finished; the button is disabled.
    delivered: { tags: ['delivered'] },
  },
});
