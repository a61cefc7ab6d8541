// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Order } from '#contracts/order.ts';
import { baseOrder, cancelledOrder, codOrder, deliveredOrder, paidOrder } from '#machines/order/fixtures.ts';
import { click, getByRoleName, queryByRoleName, queryByText, settle } from '../../../testing/dom.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { setupComponentTests } from '../../../testing/render.tsx';
import { renderAsUser } from '../../../testing/user.tsx';
import { KioskModeContext } from '../../kiosk/kiosk-mode.ts';
import { UserOrderDetailsPage } from './order-details-page.tsx';
import { KIOSK_PAY_ELSEWHERE } from './order-view.tsx';

setupComponentTests();

async function renderOrder(order: Order, status = 200, kiosk = false) {
  const calls = mockFetch({
    [`PUT /api/orders/cancel/${order._id}`]: {
      body: { ...order, isCancelled: true, cancelledAt: '2026-11-22T09:40:00Z', cancelReason: 'buyer' },
    },
    [`GET /api/orders/user/${order._id}`]: status === 200 ? { body: order } : { status, body: { message: 'Order not found' } },
    // The wallet itself is the payments work's (payment/wallet-button.tsx): here it is switched off.
    'GET /api/payments/config': { body: { wallet: 'unavailable' } },
  });
  const mode = { active: kiosk, handoffShown: () => {}, handoffHidden: () => {}, leave: () => {} };
  const page = (
    <KioskModeContext.Provider value={mode}>
      <UserOrderDetailsPage />
    </KioskModeContext.Provider>
  );
  const view = await renderAsUser(page, { route: `/user/order-details/${order._id}`, pattern: '/user/order-details/:id' });
  await settle();
  return { ...view, calls };
}

const button = (root: HTMLElement, name: string) => getByRoleName(root, 'button', name) as HTMLButtonElement;

describe('order details', () => {
  it('when the order is cash on delivery, then it says to wait and pay on delivery, and no wallet shows', async () => {
    const { container } = await renderOrder(codOrder);
    expect(button(container, 'Wait for your order. You pay on delivery').disabled).toBe(true);
    expect(queryByText(container, 'Pay for your order')).toBeNull();
    expect(queryByText(container, 'Cash on delivery')).not.toBeNull();
    expect(queryByText(container, 'Not delivered')).not.toBeNull();
  });

  it('when a pp order is unpaid, then it asks to pay and the wallet takes the place of the button', async () => {
    const { container } = await renderOrder(baseOrder);
    expect(queryByText(container, 'Pay for your order')).not.toBeNull();
    expect(queryByText(container, 'Not paid yet')).not.toBeNull();
    expect(queryByRoleName(container, 'button', 'Your order is finished')).toBeNull();
    expect(queryByRoleName(container, 'button', 'Wait for your order. You pay on delivery')).toBeNull();
  });

  it('when an unpaid pp order is opened on a kiosk, then no wallet loads and the shopper is told to pay on their own device', async () => {
    const { container, calls } = await renderOrder(baseOrder, 200, true);
    expect(queryByText(container, KIOSK_PAY_ELSEWHERE)).not.toBeNull();
    expect(calls.some((c) => c.url.includes('/api/payments/config'))).toBe(false);
  });

  it('when the order is paid, then "Your order is finished" shows on a disabled button', async () => {
    const { container } = await renderOrder(paidOrder);
    expect(button(container, 'Your order is finished').disabled).toBe(true);
    expect(queryByText(container, 'Paid on 2026-11-22')).not.toBeNull();
    expect(queryByText(container, 'Pay for your order')).toBeNull();
  });

  it('when the order is delivered, then its delivery date shows', async () => {
    const { container } = await renderOrder(deliveredOrder);
    expect(queryByText(container, 'Delivered at 2026-11-23')).not.toBeNull();
  });

  it('when the order cannot be loaded, then the server message shows with a way to try again', async () => {
    const { container } = await renderOrder({ ...baseOrder, _id: 'missing' }, 404);
    expect(queryByText(container, /^Order not found/)).not.toBeNull();
    expect(getByRoleName(container, 'button', 'Try again')).toBeTruthy();
  });

  it('when the order was cancelled for not being paid in time, then "Order cancelled" shows with the reason, and no payment, finish or cancel', async () => {
    const { container } = await renderOrder(cancelledOrder);
    expect(queryByText(container, 'Order cancelled (not paid in time)')).not.toBeNull();
    expect(queryByText(container, 'Pay for your order')).toBeNull();
    expect(queryByRoleName(container, 'button', 'Test wallet')).toBeNull();
    expect(queryByRoleName(container, 'button', 'Your order is finished')).toBeNull();
    expect(queryByRoleName(container, 'button', 'Cancel order')).toBeNull();
  });

  it('when the buyer presses "Cancel order", then "Are you sure?" asks first; No keeps the order, Yes cancels it "by you"', async () => {
    const { container, calls } = await renderOrder(baseOrder);
    const dialog = () => container.querySelector('dialog') as HTMLDialogElement;
    await click(button(container, 'Cancel order'));
    expect(dialog().open).toBe(true);
    expect(queryByText(dialog(), 'Are you sure?')).not.toBeNull();
    await click(getByRoleName(dialog(), 'button', 'No'));
    expect(dialog().open).toBe(false);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await click(button(container, 'Cancel order'));
    await click(getByRoleName(dialog(), 'button', 'Yes'));
    await settle();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => new URL(c.url, 'http://x').pathname)).toEqual([
      `/api/orders/cancel/${baseOrder._id}`,
    ]);
    expect(queryByText(container, 'Order cancelled (by you)')).not.toBeNull();
    expect(queryByText(container, 'Pay for your order')).toBeNull();
    expect(queryByRoleName(container, 'button', 'Cancel order')).toBeNull();
  });

  it('when the order opens, then its number, its method as "Card wallet" and the timeline the admin sees show', async () => {
    const { container } = await renderOrder({ ...deliveredOrder, _id: '5e0c77aa-1111-4222-8333-444455556666' });
    expect(queryByText(container, 'Order #5E0C77AA')).not.toBeNull();
    expect(queryByText(container, 'Card wallet')).not.toBeNull();
    const timeline = container.querySelector('section[aria-labelledby="order-timeline"]') as HTMLElement;
    expect([...timeline.querySelectorAll('li strong')].map((s) => s.textContent)).toEqual(['Created', 'Paid', 'Delivered']);
  });

  it('when the order was cancelled by the buyer, then the timeline ends "Cancelled (by you)"', async () => {
    const events = [
      { type: 'created' as const, at: '2026-11-22T09:00:00Z' },
      { type: 'cancelled' as const, at: '2026-11-22T09:30:00Z', data: { reason: 'buyer' } },
    ];
    const { container } = await renderOrder({ ...cancelledOrder, cancelReason: 'buyer', events });
    const last = container.querySelector('section[aria-labelledby="order-timeline"] li:last-child');
    expect(last?.textContent).toMatch(/^Cancelled \(by you\) /);
  });

  it('when the order is paid, then it cannot be cancelled', async () => {
    const { container } = await renderOrder(paidOrder);
    expect(queryByRoleName(container, 'button', 'Cancel order')).toBeNull();
  });
});
