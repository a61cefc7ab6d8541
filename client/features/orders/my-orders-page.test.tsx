// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { codOrder, paidOrder } from '#machines/order/fixtures.ts';
import { queryByText, settle } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { setupComponentTests } from '../../testing/render.tsx';
import { renderAsUser } from '../../testing/user.tsx';
import { MyOrdersPage } from './my-orders-page.tsx';

setupComponentTests();

describe('my orders', () => {
  it('when the user has orders, then each row shows its order number, date, total, method, paid, delivered and a link to its page (no User column: the list is theirs)', async () => {
    mockFetch({
      'GET /api/orders': {
        body: [
          { ...paidOrder, _id: '0f3a9c2e-1111-4222-8333-444455556666', orderTotal: { itemsCount: 2, cartSubtotal: 42.5 } },
          { ...codOrder, _id: 'b7d41e08-1111-4222-8333-444455556666' },
        ],
      },
    });
    const { container } = await renderAsUser(<MyOrdersPage />, { route: '/user/my-orders' });
    await settle();
    const rows = [...container.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['Order #0F3A9C2E', '2026-11-22', '$42.50', 'Card wallet', '✓ Yes', '✗ No', 'go to order'],
      ['Order #B7D41E08', '2026-11-22', '$10.00', 'Cash on delivery', '✗ No', '✗ No', 'go to order'],
    ]);
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).not.toContain('User');
    const links = [...container.querySelectorAll('tbody a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/user/order-details/0f3a9c2e-1111-4222-8333-444455556666',
      '/user/order-details/b7d41e08-1111-4222-8333-444455556666',
    ]);
    // the narrow screen's cards say the same, each fact named
    const cards = [...container.querySelectorAll('ul[aria-label="Your orders"] > li')].map((li) => [
      li.querySelector('strong')?.textContent,
      ...[...li.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`),
      li.querySelector('a')?.getAttribute('href'),
    ]);
    expect(cards).toEqual([
      [
        'Order #0F3A9C2E',
        'Date: 2026-11-22',
        'Total: $42.50',
        'Paid: ✓ Yes',
        'Delivered: ✗ No',
        '/user/order-details/0f3a9c2e-1111-4222-8333-444455556666',
      ],
      [
        'Order #B7D41E08',
        'Date: 2026-11-22',
        'Total: $10.00',
        'Paid: ✗ No',
        'Delivered: ✗ No',
        '/user/order-details/b7d41e08-1111-4222-8333-444455556666',
      ],
    ]);
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
