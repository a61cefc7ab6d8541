import type { AnyEventObject } from 'xstate';
import { hasShippingProfile } from '../../contracts/rules.ts';
import { formatUsd } from '../shared/money.ts';
import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelSpec } from '../testing/model.ts';
import type { PlanTemplates } from '../testing/plan-templates.ts';
import { checkoutMachine, type CheckoutContext } from './checkout.machine.ts';
import { cart, completeProfile, incompleteProfile } from './fixtures.ts';
import { paymentMachine, type PaymentContext } from './payment.machine.ts';

const checkoutEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadProfile', output: completeProfile },
  { type: 'xstate.done.actor.loadProfile', output: incompleteProfile },
  { type: 'xstate.error.actor.loadProfile', error: { status: 500, message: 'down' } },
  { type: 'checkout.retry' },
  { type: 'checkout.setPaymentMethod', method: 'cod' },
  { type: 'checkout.setPaymentMethod', method: 'pp' },
  { type: 'checkout.setPaymentMethod', method: 'card' },
  { type: 'checkout.placeOrder' },
  { type: 'xstate.done.actor.createOrder', output: { _id: 'o1' } },
  { type: 'xstate.error.actor.createOrder', error: { status: 400, message: 'Only 1 left' } },
];

const method = (m: string) => (m === 'cod' ? 'cash on delivery' : m === 'pp' ? 'the wallet' : `"${m}"`);
const withError = (c: CheckoutContext, s: string) => (c.error ? `${s}, with "${c.error}"` : s);

/** The test plan's sentences (docs/machines/checkout.plan.md). */
const checkoutDescribe: PlanTemplates = {
  states: {
    loadingProfile: ({ context }) => `the checkout of ${context.itemsCount} items for ${formatUsd(context.cartSubtotal)} loads the profile`,
    loadFailed: ({ context }) => `the checkout shows "${context.error}" and Retry`,
    'summary.checking': '',
    'summary.blocked': ({ context }) => withError(context, `Place order is disabled (${context.items.length === 0 ? 'empty cart' : 'incomplete profile'})`),
    'summary.ready': ({ context }) => withError(context, `Place order is enabled, paying with ${method(context.paymentMethod)}`),
    placing: 'the order is being placed',
    placed: ({ context }) => `order ${context.orderId} is placed`,
  },
  events: {
    'xstate.done.actor.loadProfile': (e) => `the profile arrives ${hasShippingProfile(e.output) ? 'complete' : 'without a complete address'}`,
    'xstate.error.actor.loadProfile': (e) => `the profile call fails (${e.error.status})`,
    'checkout.retry': 'the shopper presses Retry',
    'checkout.setPaymentMethod': (e) => `the shopper chooses ${method(e.method)}`,
    'checkout.placeOrder': 'the shopper presses Place order',
    'xstate.done.actor.createOrder': (e) => `the server creates order ${e.output._id}`,
    'xstate.error.actor.createOrder': (e) => `the server refuses the order: "${e.error.message}"`,
  },
};

export const checkoutModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'checkout',
    machine: checkoutMachine.provide({ actors: { loadProfile: control.promise(), createOrder: control.promise() } }),
    control,
    inputs: [() => ({ userId: 'u1', ...cart }), () => ({ userId: 'u1', items: [], itemsCount: 0, cartSubtotal: 0 })],
    events: checkoutEvents,
    select: (c: CheckoutContext) => ({ paymentMethod: c.paymentMethod, orderId: c.orderId, error: c.error, profile: c.profile?._id }),
    check: (before, event, after) => {
      const ctx = after.context as CheckoutContext;
      if (after.hasTag('canPlaceOrder')) assertTrue(ctx.profile !== null && hasShippingProfile(ctx.profile) && ctx.items.length > 0, 'ordering needs the shipping profile and a cart');
      if (event.type === 'checkout.placeOrder') {
        // One order however often it is pressed: only an allowed press starts one, others change nothing.
        assertEqual(after.hasTag('placing'), before.hasTag('canPlaceOrder'), 'Place order works only when allowed');
        if (!before.hasTag('canPlaceOrder')) assertEqual(after.value, before.value, 'an extra press changes nothing');
      }
      if (event.type === 'checkout.setPaymentMethod') assertTrue(['pp', 'cod'].includes(ctx.paymentMethod), 'only pp and cod');
    },
    describe: checkoutDescribe,
  };
};

const paymentEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadWallet', output: undefined },
  { type: 'xstate.error.actor.loadWallet', error: { status: 0, message: 'blocked' } },
  { type: 'payment.retry' },
  { type: 'payment.approved', walletOrderId: 'w1' },
  { type: 'payment.approved', walletOrderId: '' },
  { type: 'payment.cancelled' },
  { type: 'payment.failed', message: 'boom' },
  { type: 'xstate.done.actor.confirmPaid', output: { isPaid: true, paidAt: '2026-11-22T10:00:00Z' } },
  { type: 'xstate.done.actor.confirmPaid', output: { isPaid: false, paidAt: null } },
  { type: 'xstate.error.actor.confirmPaid', error: { status: 400, message: 'amount differs' } },
];

/** The test plan's sentences (docs/machines/payment.plan.md). */
const paymentDescribe: PlanTemplates = {
  states: {
    choosing: '',
    cashOnDelivery: 'the order is paid on delivery',
    loadingWallet: ({ context }) => `the wallet loads for ${formatUsd(context.cartSubtotal)}`,
    walletUnavailable: 'the wallet could not load and Retry is offered',
    awaitingApproval: 'the wallet buttons are shown',
    verifying: 'the server verifies the payment',
    paid: 'the order is paid',
  },
  events: {
    'xstate.done.actor.loadWallet': 'the wallet loads',
    'xstate.error.actor.loadWallet': 'the wallet fails to load',
    'payment.retry': 'the buyer presses Retry',
    'payment.approved': (e) => (e.walletOrderId ? `the buyer approves wallet order ${e.walletOrderId}` : 'the wallet approves without an order'),
    'payment.cancelled': 'the buyer cancels in the wallet',
    'payment.failed': (e) => `the wallet reports an error ("${e.message}")`,
    'xstate.done.actor.confirmPaid': (e) => (e.output.isPaid ? 'the server records the payment' : 'the server does not record the payment'),
    'xstate.error.actor.confirmPaid': (e) => `the server refuses the capture ("${e.error.message}")`,
  },
};

export const paymentModel = (): ModelSpec => {
  const control = createControl();
  const base = { orderId: 'o1', cartSubtotal: 20.3 };
  return {
    name: 'payment',
    machine: paymentMachine.provide({ actors: { loadWallet: control.promise(), confirmPaid: control.promise() } }),
    control,
    inputs: [
      () => ({ ...base, paymentMethod: 'pp', isPaid: false }),
      () => ({ ...base, paymentMethod: 'cod', isPaid: false }),
      () => ({ ...base, paymentMethod: 'pp', isPaid: true }),
    ],
    events: paymentEvents,
    select: (c: PaymentContext) => ({ isPaid: c.isPaid, paidAt: c.paidAt, walletOrderId: c.walletOrderId }),
    check: (before, event, after) => {
      const ctx = after.context as PaymentContext;
      assertTrue(!(ctx.paymentMethod === 'cod' && after.hasTag('paid') && !before.hasTag('paid')), 'cod is never paid here');
      if (after.hasTag('paid') && !before.hasTag('paid')) {
        assertTrue(event.type === 'xstate.done.actor.confirmPaid' && (event.output as { isPaid: boolean }).isPaid, 'paid only when the server records it');
        assertTrue(Boolean(ctx.walletOrderId), 'paid only for an approved wallet order');
      }
    },
    describe: paymentDescribe,
  };
};
