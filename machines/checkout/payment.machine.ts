import { assign, emit, setup } from 'xstate';
import type { Order, PaidResponse, PaymentMethod } from '#contracts/order.ts';
import { messageOf, missingPromise } from '../shared/actors.ts';

export type PaymentInput = { orderId: string; paymentMethod: PaymentMethod; cartSubtotal: number; isPaid: boolean };
/**
 * `walletOrderId`: the wallet order the buyer approved, which the server captures and verifies.
 * `switchError`: why the server refused to move the order to cash on delivery.
 * `walletLoaded`: the wallet's buttons can be shown, so a refused switch falls back to them.
 */
export type PaymentContext = PaymentInput & {
  paidAt: string | null;
  walletOrderId: string | null;
  switchError: string | null;
  walletLoaded: boolean;
};
export type PaymentEvent =
  | { type: 'payment.approved'; walletOrderId: string }
  | { type: 'payment.cancelled' }
  | { type: 'payment.failed'; message: string }
  | { type: 'payment.retry' }
  | { type: 'payment.switchToCash' };
/**
 * Cancel and error are logged (spec sections 7 and 8): the client writes these to its log. Spec
 * amendment: the page also says so (PAYMENT_TEXTS.notPaid, .cancelled; tags paymentDeclined, paymentCancelled).
 */
export type PaymentEmitted =
  | { type: 'payment.log'; message: string }
  | { type: 'payment.paid'; paidAt: string | null }
  | { type: 'payment.switchedToCash'; order: Order };

export const PAYMENT_TEXTS = {
  payForOrder: 'Pay for your order',
  payOnDelivery: 'Wait for your order. You pay on delivery',
  finished: 'Your order is finished',
  notPaid: 'The payment did not go through. Try again or choose another way to pay.',
  cancelled: 'Payment cancelled.',
  switchToCash: 'Pay cash on delivery instead',
} as const;

/**
 * Paying one order on its page. pp: load the wallet SDK, wait for the buyer's approval, then
 * the server captures the approved wallet order and records payment only for a COMPLETED
 * capture of the order's amount; the browser never captures nor judges a capture. cod: waits
 * for delivery and is never paid here. A declined or failed payment, or one the buyer cancelled,
 * leaves the order unpaid and the wallet offered again, with a notice saying what happened
 * until the buyer approves again; beside it (and when the wallet cannot load), PAYMENT_TEXTS.switchToCash moves the order to cash
 * on delivery on the server (a spec amendment, docs/interfaces.md), and the page then waits for delivery.
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
    confirmPaid: missingPromise<PaidResponse, { orderId: string; walletOrderId: string }>('confirmPaid'),
    switchToCash: missingPromise<Order, { orderId: string }>('switchToCash'),
  },
  actions: {
    log: emit((_, params: { message: string }) => ({ type: 'payment.log' as const, message: params.message })),
    refuseSwitch: assign(({ event }) => ({
      switchError: messageOf('error' in event ? event.error : null, 'The order could not be moved to cash on delivery'),
    })),
  },
  guards: {
    isPaid: ({ context }) => context.isPaid,
    isCod: ({ context }) => context.paymentMethod === 'cod',
    hasWalletOrder: ({ event }) => event.type === 'payment.approved' && event.walletOrderId.length > 0,
    serverSaysPaid: (_, output: PaidResponse) => output.isPaid,
    walletLoaded: ({ context }) => context.walletLoaded,
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({ ...input, paidAt: null, walletOrderId: null, switchError: null, walletLoaded: false }),
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
        onDone: { target: 'awaitingApproval', actions: assign({ walletLoaded: true }) },
        onError: { target: 'walletUnavailable', actions: { type: 'log', params: { message: 'The wallet SDK could not be loaded' } } },
      },
    },
    // The wallet cannot be offered at all: the shop's reason says to pay in cash, which the buyer can then choose.
    walletUnavailable: {
      tags: ['payPending', 'walletUnavailable', 'canSwitchToCash'],
      initial: 'offered',
      states: {
        offered: {},
        // The server refused the switch too: context.switchError says why, and the switch stays offered to try
        // again, so the buyer is never left without a way on (no wallet to fall back to here).
        switchRefused: { tags: ['switchRefused'] },
      },
      on: { 'payment.retry': 'loadingWallet', 'payment.switchToCash': 'switchingToCash' },
    },
    awaitingApproval: {
      tags: ['payPending', 'showWallet'],
      initial: 'ready',
      states: {
        ready: {},
        // PAYMENT_TEXTS.notPaid: the wallet or the server's capture said no; the order stays unpaid.
        declined: { tags: ['paymentDeclined', 'canSwitchToCash'], on: { 'payment.switchToCash': '#payment.switchingToCash' } },
        // PAYMENT_TEXTS.cancelled: the buyer closed the wallet; the order stays unpaid.
        cancelled: { tags: ['paymentCancelled', 'canSwitchToCash'], on: { 'payment.switchToCash': '#payment.switchingToCash' } },
        // The server kept the wallet (paid meanwhile, cancelled, a capture under way): context.switchError says why,
        // beside the wallet's buttons; the switch can be tried again.
        switchRefused: {
          tags: ['paymentDeclined', 'switchRefused', 'canSwitchToCash'],
          on: { 'payment.switchToCash': '#payment.switchingToCash' },
        },
      },
      on: {
        'payment.approved': [
          { guard: 'hasWalletOrder', target: 'verifying', actions: assign(({ event }) => ({ walletOrderId: event.walletOrderId })) },
          { actions: { type: 'log', params: { message: 'The wallet approved no order: nothing to capture' } } },
        ],
        'payment.cancelled': { target: '.cancelled', actions: { type: 'log', params: { message: 'Payment cancelled' } } },
        'payment.failed': { target: '.declined', actions: { type: 'log', params: { message: 'Payment error' } } },
      },
    },
    verifying: {
      tags: ['loading', 'payPending'],
      invoke: {
        id: 'confirmPaid',
        src: 'confirmPaid',
        input: ({ context }) => ({ orderId: context.orderId, walletOrderId: context.walletOrderId! }),
        onDone: [
          {
            guard: { type: 'serverSaysPaid', params: ({ event }) => event.output },
            target: 'paid',
            actions: [
              assign(({ event }) => ({ isPaid: true, paidAt: event.output.paidAt })),
              emit(({ event }) => ({ type: 'payment.paid' as const, paidAt: event.output.paidAt })),
            ],
          },
          { target: 'awaitingApproval.declined', actions: { type: 'log', params: { message: 'The server did not record the payment' } } },
        ],
        onError: {
          target: 'awaitingApproval.declined',
          actions: { type: 'log', params: ({ event }) => ({ message: messageOf(event.error, 'Payment verification failed') }) },
        },
      },
    },
    switchingToCash: {
      tags: ['loading', 'payPending', 'switchingToCash'],
      invoke: {
        id: 'switchToCash',
        src: 'switchToCash',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'cashOnDelivery',
          actions: [
            assign({ paymentMethod: 'cod' as const, switchError: null }),
            emit(({ event }) => ({ type: 'payment.switchedToCash' as const, order: event.output })),
          ],
        },
        // Back to the wallet when it loaded, else to the unavailable wallet: either way the reason and a way on.
        onError: [
          { guard: 'walletLoaded', target: 'awaitingApproval.switchRefused', actions: 'refuseSwitch' },
          { target: 'walletUnavailable.switchRefused', actions: 'refuseSwitch' },
        ],
      },
    },
    // PAYMENT_TEXTS.finished; the pay button is disabled.
    paid: { tags: ['paid'] },
  },
});
