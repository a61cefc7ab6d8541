import type { AnyEventObject } from 'xstate';
import { hasShippingProfile } from '../../contracts/rules.ts';
import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelSpec } from '../testing/model.ts';
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
  };
};
