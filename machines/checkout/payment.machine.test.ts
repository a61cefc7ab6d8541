import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { codOrder } from '../order/fixtures.ts';
import { paymentMachine, type PaymentInput } from './payment.machine.ts';

const start = (input: Partial<PaymentInput> = {}) => {
  const control = createControl();
  const machine = paymentMachine.provide({
    actors: { loadWallet: control.promise(), confirmPaid: control.promise(), switchToCash: control.promise() },
  });
  const actor = createActor(machine, { input: { orderId: 'o1', paymentMethod: 'pp', cartSubtotal: 20.3, isPaid: false, ...input } });
  const emitted: { type: string }[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, control, emitted, snap: () => actor.getSnapshot() };
};

describe('payment machine', () => {
  it('when the order is cod, then it waits for delivery and never loads the wallet', () => {
    const { snap, control } = start({ paymentMethod: 'cod' });
    expect(snap().hasTag('payOnDelivery')).toBe(true);
    expect(control.started).toEqual([]);
  });

  it('when the order is already paid, then it shows finished', () => {
    expect(start({ isPaid: true }).snap().hasTag('paid')).toBe(true);
  });

  it('when pp is approved and the server records the capture, then it is paid', async () => {
    const { actor, control, snap, emitted } = start();
    await control.resolve('loadWallet', undefined);
    expect(snap().hasTag('showWallet')).toBe(true);
    actor.send({ type: 'payment.approved', walletOrderId: 'w1' });
    expect(control.inputOf('confirmPaid')).toEqual({ orderId: 'o1', walletOrderId: 'w1' });
    await control.resolve('confirmPaid', { isPaid: true, paidAt: '2026-11-22T10:00:00Z' });
    expect(snap().hasTag('paid')).toBe(true);
    expect(snap().context.paidAt).toBe('2026-11-22T10:00:00Z');
    expect(emitted).toContainEqual({ type: 'payment.paid', paidAt: '2026-11-22T10:00:00Z' });
  });

  it('when the wallet reports an approval without an order id, then nothing is asked of the server and it is only logged', async () => {
    const { actor, control, snap, emitted } = start();
    await control.resolve('loadWallet', undefined);
    actor.send({ type: 'payment.approved', walletOrderId: '' });
    expect(control.isPending('confirmPaid')).toBe(false);
    expect(snap().hasTag('showWallet')).toBe(true);
    expect(emitted.map((e) => e.type)).toEqual(['payment.log']);
  });

  it('when the payer cancels, then it is logged, "Payment cancelled." is the notice and payment stays open', async () => {
    const { actor, control, snap, emitted } = start();
    await control.resolve('loadWallet', undefined);
    actor.send({ type: 'payment.cancelled' });
    expect(snap().hasTag('showWallet')).toBe(true);
    expect(snap().hasTag('paymentCancelled')).toBe(true);
    expect(snap().hasTag('paymentDeclined')).toBe(false);
    expect(emitted.map((e) => e.type)).toEqual(['payment.log']);
  });

  it('when the wallet errors, then it is logged, the not-paid notice replaces a cancel notice and payment stays open', async () => {
    const { actor, control, snap, emitted } = start();
    await control.resolve('loadWallet', undefined);
    actor.send({ type: 'payment.cancelled' });
    actor.send({ type: 'payment.failed', message: 'boom' });
    expect(snap().hasTag('showWallet')).toBe(true);
    expect(snap().hasTag('paymentDeclined')).toBe(true);
    expect(snap().hasTag('paymentCancelled')).toBe(false);
    expect(emitted.map((e) => e.type)).toEqual(['payment.log', 'payment.log']);
  });

  it('when the buyer approves again after a notice, then the notice goes while the server verifies', async () => {
    const { actor, control, snap } = start();
    await control.resolve('loadWallet', undefined);
    actor.send({ type: 'payment.failed', message: 'boom' });
    actor.send({ type: 'payment.approved', walletOrderId: 'w2' });
    expect(snap().hasTag('paymentDeclined')).toBe(false);
    await control.resolve('confirmPaid', { isPaid: true, paidAt: '2026-11-22T10:00:00Z' });
    expect(snap().hasTag('paid')).toBe(true);
  });

  it('when the SDK fails to load, then it is logged and retry loads it again', async () => {
    const { actor, control, snap } = start();
    await control.reject('loadWallet', new Error('blocked'));
    expect(snap().hasTag('walletUnavailable')).toBe(true);
    actor.send({ type: 'payment.retry' });
    expect(control.isPending('loadWallet')).toBe(true);
  });

  it('when the server does not record the capture, then it is not paid, the wallet shows again with the not-paid notice', async () => {
    const { actor, control, snap } = start();
    await control.resolve('loadWallet', undefined);
    actor.send({ type: 'payment.approved', walletOrderId: 'w1' });
    await control.resolve('confirmPaid', { isPaid: false, paidAt: null });
    expect(snap().hasTag('paid')).toBe(false);
    expect(snap().hasTag('showWallet')).toBe(true);
    expect(snap().hasTag('paymentDeclined')).toBe(true);
  });

  it('when the server refuses the capture (declined), then the wallet shows again with the not-paid notice', async () => {
    const { actor, control, snap } = start();
    await control.resolve('loadWallet', undefined);
    actor.send({ type: 'payment.approved', walletOrderId: 'w1' });
    await control.reject('confirmPaid', { status: 402, message: 'The wallet declined the payment' });
    expect(snap().hasTag('showWallet')).toBe(true);
    expect(snap().hasTag('paymentDeclined')).toBe(true);
  });

  it('when the wallet declined, then the buyer can switch the order to cash on delivery, and the page is told the server agreed', async () => {
    const { actor, control, snap, emitted } = start();
    await control.resolve('loadWallet', undefined);
    actor.send({ type: 'payment.switchToCash' });
    expect(snap().hasTag('switchingToCash')).toBe(false);
    actor.send({ type: 'payment.failed', message: 'INSTRUMENT_DECLINED' });
    expect(snap().hasTag('canSwitchToCash')).toBe(true);
    actor.send({ type: 'payment.switchToCash' });
    expect(snap().hasTag('switchingToCash')).toBe(true);
    await control.resolve('switchToCash', { ...codOrder, _id: 'o1' });
    expect(snap().hasTag('payOnDelivery')).toBe(true);
    expect(snap().context.paymentMethod).toBe('cod');
    expect(emitted).toContainEqual({ type: 'payment.switchedToCash', order: { ...codOrder, _id: 'o1' } });
  });

  it('when the server keeps the wallet (paid meanwhile), then its reason is shown beside the wallet', async () => {
    const { actor, control, snap } = start();
    await control.resolve('loadWallet', undefined);
    actor.send({ type: 'payment.cancelled' });
    actor.send({ type: 'payment.switchToCash' });
    await control.reject('switchToCash', { status: 409, message: 'This order is paid: its payment method can no longer change.' });
    expect(snap().hasTag('showWallet')).toBe(true);
    expect(snap().context.switchError).toMatch(/is paid/);
  });

  it('when the wallet never loaded and the server refuses the switch, then its reason shows and the switch can be tried again', async () => {
    const { actor, control, snap } = start();
    await control.reject('loadWallet', new Error('blocked'));
    actor.send({ type: 'payment.switchToCash' });
    await control.reject('switchToCash', { status: 409, message: 'A wallet capture is under way for this order.' });
    expect(snap().hasTag('showWallet')).toBe(false);
    expect(snap().hasTag('walletUnavailable')).toBe(true);
    expect(snap().hasTag('switchRefused')).toBe(true);
    expect(snap().context.switchError).toBe('A wallet capture is under way for this order.');
    expect(snap().hasTag('canSwitchToCash')).toBe(true);
    actor.send({ type: 'payment.switchToCash' });
    await control.resolve('switchToCash', { ...codOrder, _id: 'o1' });
    expect(snap().hasTag('payOnDelivery')).toBe(true);
  });

  it('when the wallet never loaded and the switch was refused, then Retry loads the wallet again', async () => {
    const { actor, control, snap } = start();
    await control.reject('loadWallet', new Error('blocked'));
    actor.send({ type: 'payment.switchToCash' });
    await control.reject('switchToCash', new Error('offline'));
    expect(snap().context.switchError).toBe('offline');
    actor.send({ type: 'payment.retry' });
    await control.resolve('loadWallet', undefined);
    expect(snap().hasTag('showWallet')).toBe(true);
  });
});
