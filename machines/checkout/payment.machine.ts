import { assign, emit, setup } from 'xstate';
import type { PaidResponse, PaymentMethod } from '../../contracts/order.ts';
import { toCents } from '../../contracts/rules.ts';
import { messageOf, missingPromise } from '../shared/actors.ts';

/** What the wallet's capture reports; only a COMPLETED capture of the full subtotal counts. */
export type Capture = { id: string; status: string; amount: number };
export type PaymentInput = { orderId: string; paymentMethod: PaymentMethod; cartSubtotal: number; isPaid: boolean };
export type PaymentContext = PaymentInput & { paidAt: string | null; capture: Capture | null };
export type PaymentEvent =
  | { type: 'payment.approved'; capture: Capture }
  | { type: 'payment.cancelled' }
  | { type: 'payment.failed'; message: string }
  | { type: 'payment.retry' };
/** Cancel and error are only logged (spec sections 7 and 8): the client writes these to its log. */
export type PaymentEmitted = { type: 'payment.log'; message: string } | { type: 'payment.paid'; paidAt: string | null };

export const PAYMENT_TEXTS = {
  payForOrder: 'Pay for your order',
  payOnDelivery: 'Wait for your order. You pay on delivery',
  finished: 'Your order is finished',
} as const;

/**
 * Paying one order on its page. pp: load the wallet SDK, wait for approval, let the server
 * verify the capture, paid. cod: waits for delivery and is never paid here.
 */
export const paymentMachine = setup({
  types: {
    input: {} as PaymentInput,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    emitted: {} as PaymentEmitted,
  },
  actors: {
    loadWallet: missingPromise<void, { orderId: string; cartSubtotal: number }>('loadWallet'),
    confirmPaid: missingPromise<PaidResponse, { orderId: string; capture: Capture }>('confirmPaid'),
  },
  actions: {
    log: emit((_, params: { message: string }) => ({ type: 'payment.log' as const, message: params.message })),
  },
  guards: {
    isPaid: ({ context }) => context.isPaid,
    isCod: ({ context }) => context.paymentMethod === 'cod',
    fullCapture: ({ context, event }) =>
      event.type === 'payment.approved' && event.capture.status === 'COMPLETED' && toCents(event.capture.amount) === toCents(context.cartSubtotal),
    serverSaysPaid: (_, output: PaidResponse) => output.isPaid,
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({ ...input, paidAt: null, capture: null }),
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'isPaid', target: 'paid' }, { guard: 'isCod', target: 'cashOnDelivery' }, { target: 'loadingWallet' }] },
    cashOnDelivery: { tags: ['payOnDelivery'] },
    loadingWallet: {
      tags: ['loading', 'payPending'],
      invoke: {
        id: 'loadWallet',
        src: 'loadWallet',
        input: ({ context }) => ({ orderId: context.orderId, cartSubtotal: context.cartSubtotal }),
        onDone: 'awaitingApproval',
        onError: { target: 'walletUnavailable', actions: { type: 'log', params: { message: 'The wallet SDK could not be loaded' } } },
      },
    },
    walletUnavailable: { tags: ['payPending', 'walletUnavailable'], on: { 'payment.retry': 'loadingWallet' } },
    awaitingApproval: {
      tags: ['payPending', 'showWallet'],
      on: {
        'payment.approved': [
          { guard: 'fullCapture', target: 'verifying', actions: assign(({ event }) => ({ capture: event.capture })) },
          { actions: { type: 'log', params: { message: 'Capture not completed for the full amount: not recorded' } } },
        ],
        'payment.cancelled': { actions: { type: 'log', params: { message: 'Payment cancelled' } } },
        'payment.failed': { actions: { type: 'log', params: { message: 'Payment error' } } },
      },
    },
    verifying: {
      tags: ['loading', 'payPending'],
      invoke: {
        id: 'confirmPaid',
        src: 'confirmPaid',
        input: ({ context }) => ({ orderId: context.orderId, capture: context.capture! }),
        onDone: [
          {
            guard: { type: 'serverSaysPaid', params: ({ event }) => event.output },
            target: 'paid',
            actions: [
              assign(({ event }) => ({ isPaid: true, paidAt: event.output.paidAt })),
              emit(({ event }) => ({ type: 'payment.paid' as const, paidAt: event.output.paidAt })),
            ],
          },
          { target: 'awaitingApproval', actions: { type: 'log', params: { message: 'The server did not record the payment' } } },
        ],
        onError: { target: 'awaitingApproval', actions: { type: 'log', params: ({ event }) => ({ message: messageOf(event.error, 'Payment verification failed') }) } },
      },
    },
    // PAYMENT_TEXTS.finished; the pay button is disabled.
    paid: { tags: ['paid'] },
  },
});
