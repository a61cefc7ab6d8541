import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { checkoutMachine } from './checkout.machine.ts';
import { checkoutStepOf } from './checkout-step.ts';
import { completeProfile, startCart, unchanged } from './fixtures.ts';
import { paymentMachine } from './payment.machine.ts';

const checkout = () => {
  const control = createControl();
  const machine = checkoutMachine.provide({
    actors: { loadProfile: control.promise(), reprice: control.promise(), createOrder: control.promise() },
  });
  const actor = createActor(machine, { input: { userId: 'u1', cart: startCart().cart } }).start();
  return { actor, control, step: () => checkoutStepOf(actor.getSnapshot()) };
};

const payment = (paymentMethod: 'pp' | 'cod' = 'pp') => {
  const control = createControl();
  const machine = paymentMachine.provide({ actors: { loadWallet: control.promise(), confirmPaid: control.promise() } });
  const actor = createActor(machine, { input: { orderId: 'o1', paymentMethod, cartSubtotal: 20.3, isPaid: false } }).start();
  return { actor, control, step: () => checkoutStepOf(undefined, actor.getSnapshot()) };
};

describe('the checkout step support sees', () => {
  it('when neither machine runs, then there is no step, whatever page the shopper is on', () => {
    expect(checkoutStepOf()).toBeNull();
  });

  it('when the checkout moves on, then the step follows its states: checking, ready, placing', async () => {
    const { actor, control, step } = checkout();
    expect(step()).toBe('Checkout › Loading your details');
    await control.resolve('loadProfile', completeProfile);
    expect(step()).toBe('Checkout › Checking the prices');
    await control.resolve('reprice', unchanged);
    expect(step()).toBe('Checkout › Ready to place the order');
    actor.send({ type: 'checkout.placeOrder' });
    expect(step()).toBe('Checkout › Confirming the prices');
    await control.resolve('reprice', unchanged);
    expect(step()).toBe('Checkout › Placing the order');
  });

  it('when the order is paid by wallet, then the step says waiting, declined, confirming and paid in turn', async () => {
    const { actor, control, step } = payment();
    expect(step()).toBe('Checkout › Payment › Loading the wallet');
    await control.resolve('loadWallet', undefined);
    expect(step()).toBe('Checkout › Payment › Waiting for the wallet');
    actor.send({ type: 'payment.failed', message: 'card declined' });
    expect(step()).toBe('Checkout › Payment › Declined');
    actor.send({ type: 'payment.approved', walletOrderId: 'w1' });
    expect(step()).toBe('Checkout › Payment › Confirming the payment');
    await control.resolve('confirmPaid', { isPaid: true, paidAt: '2026-11-22T10:00:00Z' });
    expect(step()).toBe('Checkout › Payment › Paid');
  });

  it('when the order is paid on delivery, then the step says so', () => {
    expect(payment('cod').step()).toBe('Checkout › Payment › Cash on delivery');
  });
});
