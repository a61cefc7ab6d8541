// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { codOrder, paidOrder } from '../../../machines/order/fixtures.ts';
import { queryByText, settle } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { setupComponentTests } from '../../testing/render.tsx';
import { renderAsUser } from '../../testing/user.tsx';
import { MyOrdersPage } from './my-orders-page.tsx';

setupComponentTests();

describe('my orders', () => {
  it('when the user has orders, then each row shows date, total, paid, delivered and a link to its page', async () => {
    mockFetch({
      'GET /api/orders': {
        body: [
          { ...paidOrder, _id: 'o1', orderTotal: { itemsCount: 2, cartSubtotal: 42.5 } },
          { ...codOrder, _id: 'o2' },
        ],
      },
    });
    const { container } = await renderAsUser(<MyOrdersPage />, { route: '/user/my-orders' });
    await settle();
    const rows = [...container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['1', 'Ann Lee', '2026-11-22', '$42.50', '✓ Yes', '✗ No', 'go to order'],
      ['2', 'Ann Lee', '2026-11-22', '$10.00', '✗ No', '✗ No', 'go to order'],
    ]);
    const links = [...container.querySelectorAll('tbody a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/user/order-details/o1', '/user/order-details/o2']);
  });

  it('when an order was cancelled, then its row says Cancelled where delivery would show', async () => {
    const cancelled = {
      ...codOrder,
      _id: 'o3',
      isCancelled: true,
      cancelledAt: '2026-11-23T10:00:00.000Z',
      cancelReason: 'buyer' as const,
    };
    mockFetch({ 'GET /api/orders': { body: [cancelled, { ...codOrder, _id: 'o4' }] } });
    const { container } = await renderAsUser(<MyOrdersPage />, { route: '/user/my-orders' });
    await settle();
    const delivered = [...container.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[5]?.textContent);
    expect(delivered).toEqual(['Cancelled', '✗ No']);
  });

  it('when the user has no orders, then the page says so', async () => {
    mockFetch({ 'GET /api/orders': { body: [] } });
    const { container } = await renderAsUser(<MyOrdersPage />, { route: '/user/my-orders' });
    await settle();
    expect(queryByText(container, /You have no orders yet/)).not.toBeNull();
  });
});
