// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Order } from '#contracts/order.ts';
import { ORDER_TEXTS } from '#machines/order/order.machine.ts';
import { click, getByRoleName, getByText, queryByRoleName, settle } from '../../../testing/dom.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminOrderDetailsPage } from './order-details-page.tsx';

setupComponentTests();

const user = {
  _id: 'u1',
  name: 'Ann',
  lastName: 'Lee',
  email: 'ann@x.com',
  phoneNumber: '1',
  address: 'Main 1',
  country: 'PL',
  zipCode: '00',
  city: 'Town',
  state: 'S',
};
const order = (patch: Partial<Order> = {}): Order => ({
  _id: 'o1',
  user,
  orderTotal: { itemsCount: 1, cartSubtotal: 12.5 },
  cartItems: [{ productID: 'p1', name: 'Lamp', price: 12.5, count: 3, quantity: 1 }],
  paymentMethod: 'cod',
  isPaid: false,
  isDelivered: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  events: [{ type: 'created', at: '2026-11-20T10:00:00.000Z' }],
  ...patch,
});

/** 'Mark as delivered', then Yes in its 'Are you sure?'. */
const markDelivered = async (container: HTMLElement) => {
  await click(getByRoleName(container, 'button', ORDER_TEXTS.markDelivered));
  const dialog = container.querySelector('dialog[open]') as HTMLDialogElement;
  expect(dialog.textContent).toContain(ORDER_TEXTS.confirmDeliver);
  await click(getByRoleName(dialog, 'button', 'Yes'));
  await settle();
};

const render = () => renderWithApp(<AdminOrderDetailsPage />, { route: '/admin/order-details/o1', pattern: '/admin/order-details/:id' });

describe('admin order details', () => {
  it('when the admin marks a cash-on-delivery order delivered, then the button becomes "Order is finished", disabled, and the timeline shows the delivery', async () => {
    const delivered = order({
      isDelivered: true,
      deliveredAt: '2026-11-21T09:00:00.000Z',
      events: [
        { type: 'created', at: '2026-11-20T10:00:00.000Z' },
        { type: 'delivered', at: '2026-11-21T09:00:00.000Z' },
      ],
    });
    const calls = mockFetch({ 'GET /api/orders/user/o1': { body: order() }, 'PUT /api/orders/delivered/o1': { body: delivered } });
    const { container } = await render();
    await settle();
    expect(getByText(container, 'Order #O1')).toBeTruthy();
    expect(container.textContent).toContain('Method: Cash on delivery');
    await markDelivered(container);

    const finished = getByRoleName(container, 'button', ORDER_TEXTS.finished) as HTMLButtonElement;
    expect(finished.disabled).toBe(true);
    expect(queryByRoleName(container, 'button', ORDER_TEXTS.markDelivered)).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.headers['X-CSRF']])).toEqual([['/api/orders/delivered/o1', '1']]);
    expect([...container.querySelectorAll('ol li strong')].map((s) => s.textContent)).toEqual(['Created', 'Delivered']);
    expect(container.querySelector('ol li:last-child time')?.getAttribute('datetime')).toBe('2026-11-21T09:00:00.000Z');
  });

  it('when the order was already delivered, then the timeline lists created, paid and delivered with their times', async () => {
    const events = [
      { type: 'created' as const, at: '2026-11-20T10:00:00.000Z' },
      { type: 'paid' as const, at: '2026-11-20T11:00:00.000Z' },
      { type: 'delivered' as const, at: '2026-11-21T09:00:00.000Z' },
    ];
    mockFetch({ 'GET /api/orders/user/o1': { body: order({ paymentMethod: 'pp', isPaid: true, isDelivered: true, events }) } });
    const { container } = await render();
    await settle();
    expect([...container.querySelectorAll('ol li strong')].map((s) => s.textContent)).toEqual(['Created', 'Paid', 'Delivered']);
    expect([...container.querySelectorAll('ol li time')].map((t) => t.getAttribute('datetime'))).toEqual(events.map((e) => e.at));
    expect((getByRoleName(container, 'button', ORDER_TEXTS.finished) as HTMLButtonElement).disabled).toBe(true);
  });

  it('when marking fails, then the server message is shown and the button stays', async () => {
    mockFetch({
      'GET /api/orders/user/o1': { body: order() },
      'PUT /api/orders/delivered/o1': { status: 409, body: { message: 'This order is not paid yet' } },
    });
    const { container } = await render();
    await settle();
    await markDelivered(container);
    expect(getByText(container, 'This order is not paid yet')).toBeTruthy();
    expect((getByRoleName(container, 'button', ORDER_TEXTS.markDelivered) as HTMLButtonElement).disabled).toBe(false);
  });

  it('when the admin presses "Mark as delivered" and answers No to "Are you sure?", then nothing is sent and the order is as it was', async () => {
    const calls = mockFetch({ 'GET /api/orders/user/o1': { body: order() } });
    const { container } = await render();
    await settle();
    await click(getByRoleName(container, 'button', ORDER_TEXTS.markDelivered));
    const dialog = container.querySelector('dialog[open]') as HTMLDialogElement;
    await click(getByRoleName(dialog, 'button', 'No'));
    expect(container.querySelector('dialog[open]')).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect((getByRoleName(container, 'button', ORDER_TEXTS.markDelivered) as HTMLButtonElement).disabled).toBe(false);
  });

  it('when the order expired unpaid, then "Order cancelled (not paid in time)" shows, with no "Mark as delivered", no cancel, and Cancelled in the timeline', async () => {
    const events = [
      { type: 'created' as const, at: '2026-11-20T10:00:00.000Z' },
      { type: 'cancelled' as const, at: '2026-11-20T10:30:00.000Z', data: { reason: 'expired' } },
    ];
    mockFetch({
      'GET /api/orders/user/o1': {
        body: order({ paymentMethod: 'pp', isCancelled: true, cancelledAt: events[1]!.at, cancelReason: 'expired', events }),
      },
    });
    const { container } = await render();
    await settle();
    expect(getByText(container, 'Order cancelled (not paid in time)')).toBeTruthy();
    expect(queryByRoleName(container, 'button', ORDER_TEXTS.markDelivered)).toBeNull();
    expect(queryByRoleName(container, 'button', ORDER_TEXTS.cancelOrder)).toBeNull();
    expect([...container.querySelectorAll('ol li strong')].map((s) => s.textContent)).toEqual(['Created', 'Cancelled']);
    expect(container.querySelector('ol li:last-child')?.textContent).toMatch(/^Cancelled \(not paid in time\) /);
  });

  it('when the admin cancels an unpaid order after "Are you sure?", then it reads cancelled by the shop and cannot be delivered', async () => {
    const unpaid = order({ paymentMethod: 'pp' });
    const done = { ...unpaid, isCancelled: true, cancelledAt: '2026-11-20T12:00:00.000Z', cancelReason: 'admin' as const };
    const calls = mockFetch({ 'GET /api/orders/user/o1': { body: unpaid }, 'PUT /api/orders/cancel/o1': { body: done } });
    const { container } = await render();
    await settle();
    await click(getByRoleName(container, 'button', ORDER_TEXTS.cancelOrder));
    const dialog = container.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await click(getByRoleName(dialog, 'button', 'Yes'));
    await settle();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.headers['X-CSRF']])).toEqual([['/api/orders/cancel/o1', '1']]);
    expect(getByText(container, 'Order cancelled (by the shop)')).toBeTruthy();
    expect(queryByRoleName(container, 'button', ORDER_TEXTS.markDelivered)).toBeNull();
    expect([...container.querySelectorAll('ol li strong')].map((s) => s.textContent)).toEqual(['Created', 'Cancelled']);
  });
});
