import { assign, setup } from 'xstate';
import type { Order } from '../../contracts/order.ts';
import { messageOf, missingPromise } from '../shared/actors.ts';

export type OrderViewer = 'user' | 'admin';
export type OrderInput = { orderId: string; viewer: OrderViewer };
export type OrderContext = OrderInput & { order: Order | null; error: string | null };
export type OrderEvent =
  | { type: 'order.paid'; paidAt: string | null }
  | { type: 'order.markDelivered' }
  | { type: 'order.reload' };

export const ORDER_TEXTS = { markDelivered: 'Mark as delivered', finished: 'Order is finished' } as const;

/**
 * One order as its page shows it (spec section 4): created → paid (pp only) → delivered; a
 * cod order goes from created straight to delivered. Only the admin marks delivery, and a pp
 * order only once it is paid.
 */
export const orderMachine = setup({
  types: {
    input: {} as OrderInput,
    context: {} as OrderContext,
    events: {} as OrderEvent,
  },
  actors: {
    loadOrder: missingPromise<Order, { orderId: string; viewer: OrderViewer }>('loadOrder'),
    markDelivered: missingPromise<{ deliveredAt?: string | null } | void, { orderId: string }>('markDelivered'),
  },
  guards: {
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
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: messageOf(event.error, 'Could not load the order') })) },
      },
    },
    failed: { tags: ['error'] },
    resolving: {
      always: [
        { guard: 'isDelivered', target: 'delivered' },
        { guard: 'isPaid', target: 'paid' },
        { guard: 'isCod', target: 'created.cashOnDelivery' },
        { target: 'created.awaitingPayment' },
      ],
    },
    created: {
      tags: ['created'],
      initial: 'awaitingPayment',
      states: {
        // 'Pay for your order': the page runs paymentMachine and reports its result here.
        awaitingPayment: {
          tags: ['payPending'],
          on: {
            'order.paid': {
              target: '#order.paid',
              actions: assign(({ context, event }) => ({ order: context.order && { ...context.order, isPaid: true, paidAt: event.paidAt } })),
            },
          },
        },
        // 'Wait for your order. You pay on delivery'
        cashOnDelivery: { tags: ['payOnDelivery', 'deliverable'], on: { 'order.markDelivered': { guard: 'isAdmin', target: '#order.marking' } } },
      },
    },
    // 'Your order is finished' for the user; the admin can mark delivery.
    paid: { tags: ['paid', 'deliverable'], on: { 'order.markDelivered': { guard: 'isAdmin', target: 'marking' } } },
    marking: {
      tags: ['loading', 'marking'],
      invoke: {
        id: 'markDelivered',
        src: 'markDelivered',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'delivered',
          actions: assign(({ context, event }) => ({
            order: context.order && { ...context.order, isDelivered: true, deliveredAt: event.output?.deliveredAt ?? null },
            error: null,
          })),
        },
        onError: { target: 'resolving', actions: assign(({ event }) => ({ error: messageOf(event.error, 'Could not mark the order delivered') })) },
      },
    },
    // ORDER_TEXTS.finished; the button is disabled.
    delivered: { tags: ['delivered'] },
  },
});
