// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { writeUser } from '../../../../machines/auth/user-storage.ts';
import { codOrder } from '../../../../machines/order/fixtures.ts';
import { memoryStorage } from '../../../../machines/shared/storage.ts';
import { settle } from '../../../testing/dom.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminOrdersPage } from './orders-page.tsx';

setupComponentTests();

const admin = { _id: 'a1', name: 'Ada', lastName: 'Admin', email: 'admin@admin.com', isAdmin: true, doNotLogout: false };

describe('admin orders', () => {
  it('when an order was cancelled, then its row says Cancelled with the day, where delivery would show', async () => {
    const cancelled = {
      ...codOrder,
      _id: 'o1',
      isCancelled: true,
      cancelledAt: '2026-11-23T10:00:00.000Z',
      cancelReason: 'expired' as const,
    };
    const delivered = { ...codOrder, _id: 'o2', isDelivered: true, deliveredAt: '2026-11-24T09:00:00.000Z' };
    mockFetch({ 'GET /api/orders/admin': { body: [cancelled, delivered, { ...codOrder, _id: 'o3' }] } });
    const local = memoryStorage();
    const session = memoryStorage();
    writeUser(local, session, admin);
    const { container } = await renderWithApp(<AdminOrdersPage />, { route: '/admin/orders', storages: { local, session } });
    await settle(10);
    const cells = [...container.querySelectorAll('tbody tr')].map((tr) => tr.querySelectorAll('td')[4]?.textContent);
    expect(cells).toEqual(['Cancelled 2026-11-23', '✓ 2026-11-24', '✗']);
  });
});
