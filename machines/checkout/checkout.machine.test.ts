import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { checkoutMachine } from './checkout.machine.ts';
import { cart, completeProfile, incompleteProfile } from './fixtures.ts';

const start = (input = { userId: 'u1', ...cart }) => {
  const control = createControl();
  const machine = checkoutMachine.provide({ actors: { loadProfile: control.promise(), createOrder: control.promise() } });
  const actor = createActor(machine, { input });
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, control, emitted, snap: () => actor.getSnapshot() };
};

describe('checkout machine', () => {
  it('when the profile lacks a shipping field, then ordering is blocked', async () => {
    const { actor, control, snap } = start();
    expect(control.inputOf('loadProfile')).toEqual({ userId: 'u1' });
    await control.resolve('loadProfile', incompleteProfile);
    expect(snap().hasTag('blocked')).toBe(true);
    actor.send({ type: 'checkout.placeOrder' });
    expect(control.isPending('createOrder')).toBe(false);
  });

  it('when the cart is empty, then ordering is blocked even with a full profile', async () => {
    const { control, snap } = start({ userId: 'u1', items: [], itemsCount: 0, cartSubtotal: 0 });
    await control.resolve('loadProfile', completeProfile);
    expect(snap().hasTag('blocked')).toBe(true);
  });

  it('when Place order is pressed many times, then exactly one order is created with pp by default', async () => {
    const { actor, control, snap, emitted } = start();
    await control.resolve('loadProfile', completeProfile);
    expect(snap().hasTag('canPlaceOrder')).toBe(true);
    actor.send({ type: 'checkout.placeOrder' });
    actor.send({ type: 'checkout.placeOrder' });
    expect(control.started.filter((s) => s.id === 'createOrder')).toHaveLength(1);
    expect(control.inputOf('createOrder')).toMatchObject({ paymentMethod: 'pp', orderTotal: { itemsCount: 3, cartSubtotal: 1020.01 } });
    await control.resolve('createOrder', { _id: 'o1' });
    actor.send({ type: 'checkout.placeOrder' });
    expect(control.started.filter((s) => s.id === 'createOrder')).toHaveLength(1);
    expect(snap().hasTag('placed')).toBe(true);
    expect(emitted).toEqual([{ type: 'checkout.orderPlaced', orderId: 'o1', paymentMethod: 'pp' }]);
  });

  it('when cod is chosen, then the order is created with cod', async () => {
    const { actor, control } = start();
    await control.resolve('loadProfile', completeProfile);
    actor.send({ type: 'checkout.setPaymentMethod', method: 'cod' });
    actor.send({ type: 'checkout.placeOrder' });
    expect(control.inputOf('createOrder')).toMatchObject({ paymentMethod: 'cod' });
  });

  it('when creating the order fails, then the message is shown and ordering is possible again', async () => {
    const { actor, control, snap } = start();
    await control.resolve('loadProfile', completeProfile);
    actor.send({ type: 'checkout.placeOrder' });
    await control.reject('createOrder', { status: 400, message: 'Only 1 left of Laptop' });
    expect(snap().context.error).toBe('Only 1 left of Laptop');
    expect(snap().hasTag('canPlaceOrder')).toBe(true);
  });

  it('when the profile cannot be loaded, then an error is shown and retry loads again', async () => {
    const { actor, control, snap } = start();
    await control.reject('loadProfile', { status: 500, message: 'down' });
    expect(snap().hasTag('error')).toBe(true);
    actor.send({ type: 'checkout.retry' });
    expect(control.isPending('loadProfile')).toBe(true);
  });
});
