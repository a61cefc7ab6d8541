import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Order } from '../../contracts/order.ts';
import { createControl } from '../testing/controlled-actors.ts';
import { baseOrder, codOrder, deliveredOrder, paidOrder } from './fixtures.ts';
import { orderMachine, type OrderViewer } from './order.machine.ts';

const start = async (order: Order, viewer: OrderViewer) => {
  const control = createControl();
  const machine = orderMachine.provide({ actors: { loadOrder: control.promise(), markDelivered: control.promise() } });
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

  it('when the admin marks a paid order delivered, then it is delivered; a user cannot', async () => {
    const user = await start(paidOrder, 'user');
    user.actor.send({ type: 'order.markDelivered' });
    expect(user.control.isPending('markDelivered')).toBe(false);
    const { actor, control, snap } = await start(paidOrder, 'admin');
    actor.send({ type: 'order.markDelivered' });
    expect(control.inputOf('markDelivered')).toEqual({ orderId: 'o1' });
    await control.resolve('markDelivered', { deliveredAt: '2026-11-23T00:00:00Z' });
    expect(snap().hasTag('delivered')).toBe(true);
    expect(snap().context.order?.isDelivered).toBe(true);
  });

  it('when marking fails, then the error shows and the order stays paid', async () => {
    const { actor, control, snap } = await start(paidOrder, 'admin');
    actor.send({ type: 'order.markDelivered' });
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
});
