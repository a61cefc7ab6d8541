import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Order } from '#contracts/order.ts';
import { createControl } from '../testing/controlled-actors.ts';
import { baseOrder, cancelledOrder, codOrder, deliveredOrder, paidOrder } from './fixtures.ts';
import { cancelReasonText, orderMachine, type OrderViewer } from './order.machine.ts';

const start = async (order: Order, viewer: OrderViewer) => {
  const control = createControl();
  const machine = orderMachine.provide({
    actors: { loadOrder: control.promise(), markDelivered: control.promise(), cancelOrder: control.promise() },
  });
  const actor = createActor(machine, { input: { orderId: order._id, viewer } }).start();
  await control.resolve('loadOrder', order);
  return { actor, control, snap: () => actor.getSnapshot() };
};

describe('order lifecycle machine', () => {
  it('when a pp order is unpaid, then the user is asked to pay and the admin cannot mark it delivered', async () => {
    const { actor, control, snap } = await start(baseOrder, 'admin');
    expect(snap().hasTag('payPending')).toBe(true);
    actor.send({ type: 'order.markDelivered' });
    expect(control.isPending('markDelivered')).toBe(false);
  });

  it('when the payment reports paid, then the order is paid', async () => {
    const { actor, snap } = await start(baseOrder, 'user');
    actor.send({ type: 'order.paid', paidAt: '2026-11-22T10:00:00Z' });
    expect(snap().hasTag('paid')).toBe(true);
    expect(snap().context.order).toMatchObject({ isPaid: true, paidAt: '2026-11-22T10:00:00Z' });
  });

  it('when a cod order is shown, then it waits for delivery and is never paid', async () => {
    const { actor, snap } = await start(codOrder, 'user');
    expect(snap().hasTag('payOnDelivery')).toBe(true);
    actor.send({ type: 'order.paid', paidAt: 'x' });
    expect(snap().hasTag('paid')).toBe(false);
  });

  it('when the admin marks a paid order delivered and confirms, then it is delivered; a user cannot', async () => {
    const user = await start(paidOrder, 'user');
    user.actor.send({ type: 'order.markDelivered' });
    expect(user.snap().hasTag('confirmDeliver')).toBe(false);
    expect(user.control.isPending('markDelivered')).toBe(false);
    const { actor, control, snap } = await start(paidOrder, 'admin');
    actor.send({ type: 'order.markDelivered' });
    actor.send({ type: 'order.deliverConfirmed' });
    expect(control.inputOf('markDelivered')).toEqual({ orderId: 'o1' });
    await control.resolve('markDelivered', { deliveredAt: '2026-11-23T00:00:00Z' });
    expect(snap().hasTag('delivered')).toBe(true);
    expect(snap().context.order?.isDelivered).toBe(true);
  });

  it('when the admin presses Mark as delivered, then "Are you sure?" asks first and No sends nothing', async () => {
    for (const order of [paidOrder, codOrder]) {
      const { actor, control, snap } = await start(order, 'admin');
      actor.send({ type: 'order.markDelivered' });
      expect(snap().hasTag('confirmDeliver')).toBe(true);
      expect(snap().hasTag('deliverable')).toBe(true);
      expect(control.isPending('markDelivered')).toBe(false);
      actor.send({ type: 'order.deliverDismissed' });
      expect(snap().hasTag('confirmDeliver')).toBe(false);
      expect(snap().hasTag('deliverable')).toBe(true);
      expect(control.isPending('markDelivered')).toBe(false);
    }
  });

  it('when marking fails, then the error shows and the order stays paid', async () => {
    const { actor, control, snap } = await start(paidOrder, 'admin');
    actor.send({ type: 'order.markDelivered' });
    actor.send({ type: 'order.deliverConfirmed' });
    await control.reject('markDelivered', { status: 500, message: 'down' });
    expect(snap().hasTag('paid')).toBe(true);
    expect(snap().context.error).toBe('down');
  });

  it('when a delivered order loads, then it shows finished', async () => {
    expect((await start(deliveredOrder, 'admin')).snap().hasTag('delivered')).toBe(true);
  });

  it('when loading fails, then reload tries again', async () => {
    const control = createControl();
    const actor = createActor(orderMachine.provide({ actors: { loadOrder: control.promise(), markDelivered: control.promise() } }), {
      input: { orderId: 'o1', viewer: 'user' },
    }).start();
    await control.reject('loadOrder', { status: 404, message: 'order not found' });
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    actor.send({ type: 'order.reload' });
    expect(control.isPending('loadOrder')).toBe(true);
  });

  it('when the buyer asks to cancel an unpaid order, then nothing is sent until "Are you sure?" is confirmed, and dismissing keeps the order', async () => {
    const { actor, control, snap } = await start(baseOrder, 'user');
    expect(snap().hasTag('cancellable')).toBe(true);
    actor.send({ type: 'order.cancel' });
    expect(snap().hasTag('confirmCancel')).toBe(true);
    expect(snap().hasTag('payPending')).toBe(true);
    expect(control.isPending('cancelOrder')).toBe(false);
    actor.send({ type: 'order.cancelDismissed' });
    expect(snap().hasTag('cancellable')).toBe(true);
    actor.send({ type: 'order.cancel' });
    actor.send({ type: 'order.cancelConfirmed' });
    expect(control.inputOf('cancelOrder')).toEqual({ orderId: 'o1' });
    await control.resolve('cancelOrder', { ...cancelledOrder, cancelReason: 'buyer' });
    expect(snap().hasTag('cancelled')).toBe(true);
    expect(snap().hasTag('payPending')).toBe(false);
    expect(cancelReasonText(snap().context.order?.cancelReason, 'user')).toBe('by you');
  });

  it('when the admin cancels a cod order and the server refuses, then its message shows and the order is back as it was', async () => {
    const { actor, control, snap } = await start(codOrder, 'admin');
    actor.send({ type: 'order.cancel' });
    actor.send({ type: 'order.cancelConfirmed' });
    await control.reject('cancelOrder', { status: 409, message: 'This order is delivered: it can no longer be cancelled.' });
    expect(snap().hasTag('payOnDelivery')).toBe(true);
    expect(snap().context.error).toMatch(/delivered/);
  });

  it('when a paid, delivered or cancelled order loads, then it offers no cancel; a cancelled one offers no payment and no delivery', async () => {
    for (const order of [paidOrder, deliveredOrder]) {
      const { actor, snap } = await start(order, 'admin');
      actor.send({ type: 'order.cancel' });
      expect(snap().hasTag('confirmCancel')).toBe(false);
    }
    const { actor, control, snap } = await start(cancelledOrder, 'admin');
    expect(snap().hasTag('cancelled')).toBe(true);
    actor.send({ type: 'order.markDelivered' });
    actor.send({ type: 'order.paid', paidAt: 'x' });
    expect(control.isPending('markDelivered')).toBe(false);
    expect(snap().hasTag('cancelled')).toBe(true);
    expect(['expired', 'buyer', 'admin'].map((r) => cancelReasonText(r as 'expired', 'admin'))).toEqual([
      'not paid in time',
      'by the buyer',
      'by the shop',
    ]);
  });
});
