// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ORDER_SEARCH_INVALID } from '#contracts/order-search.ts';
import { writeUser } from '#machines/auth/user-storage.ts';
import { codOrder, paidOrder } from '#machines/order/fixtures.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { getByLabelText, queryByText, settle, submit, typeInto } from '../../../testing/dom.ts';
import { type FetchCall, mockFetch } from '../../../testing/fetch-mock.ts';
import { expectNoAnswerThenRetry, noAnswerWhileDown } from '../../../testing/no-answer.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminOrdersPage } from './orders-page.tsx';

setupComponentTests();

const admin = { _id: 'a1', name: 'Ada', lastName: 'Admin', email: 'admin@admin.com', isAdmin: true, doNotLogout: false };
const asAdmin = () => {
  const local = memoryStorage();
  const session = memoryStorage();
  writeUser(local, session, admin);
  return { local, session };
};
const rows = (root: HTMLElement) =>
  [...root.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
const asked = (calls: FetchCall[]) =>
  calls.filter((c) => c.method === 'GET').map((c) => new URL(c.url, 'http://localhost').searchParams.get('search'));

const id = (prefix: string) => `${prefix}-1111-4222-8333-444455556666`;

describe('admin orders', () => {
  it('when orders are listed, then each row shows its number, paid and delivered with their days, and the method by name', async () => {
    const cancelled = {
      ...codOrder,
      _id: id('0a0a0a0a'),
      isCancelled: true,
      cancelledAt: '2026-11-23T10:00:00.000Z',
      cancelReason: 'expired' as const,
    };
    const delivered = { ...codOrder, _id: id('b1b1b1b1'), isDelivered: true, deliveredAt: '2026-11-24T09:00:00.000Z' };
    mockFetch({ 'GET /api/orders/admin': { body: [cancelled, delivered, { ...paidOrder, _id: id('c2c2c2c2') }] } });
    const { container } = await renderWithApp(<AdminOrdersPage />, { route: '/admin/orders', storages: asAdmin() });
    await settle(10);
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Order',
      'User',
      'Date',
      'Total',
      'Paid',
      'Delivered',
      'Payment method',
      'Order details',
    ]);
    expect(rows(container).map((r) => [r[0], r[4], r[5], r[6]])).toEqual([
      ['Order #0A0A0A0A', '✗', 'Cancelled 2026-11-23', 'Cash on delivery'],
      ['Order #B1B1B1B1', '✗', '✓ 2026-11-24', 'Cash on delivery'],
      ['Order #C2C2C2C2', '✓ 2026-11-22', '✗', 'Card wallet'],
    ]);
  });

  it('when the admin searches an order number, then the server is asked for it from page 1 and the address bar keeps it', async () => {
    const calls = mockFetch({
      'GET /api/orders/admin': { body: [{ ...codOrder, _id: id('5e0c77aa') }], headers: { 'X-Total-Count': '1' } },
    });
    const { container, path } = await renderWithApp(<AdminOrdersPage />, { route: '/admin/orders?page=3', storages: asAdmin() });
    await settle(10);
    await typeInto(getByLabelText(container, 'Find an order'), 'Order #5E0C77AA');
    await submit(container.querySelector('form[role="search"]') as HTMLFormElement);
    await settle(10);
    expect(path()).toBe('/admin/orders?search=Order+%235E0C77AA');
    const last = new URL(calls.at(-1)!.url, 'http://localhost');
    expect([last.searchParams.get('page'), last.searchParams.get('search')]).toEqual(['1', 'Order #5E0C77AA']);
    expect(rows(container).map((r) => r[0])).toEqual(['Order #5E0C77AA']);
  });

  it('when nothing matches, then the page says so', async () => {
    mockFetch({ 'GET /api/orders/admin': { body: [], headers: { 'X-Total-Count': '0' } } });
    const { container } = await renderWithApp(<AdminOrdersPage />, { route: '/admin/orders?search=ABCDEF12', storages: asAdmin() });
    await settle(10);
    expect(queryByText(container, 'No order matches ABCDEF12.')).not.toBeNull();
  });

  it('when the search is no order number, then the box says how to search and the server is not asked it (its 400 would log out)', async () => {
    const calls = mockFetch({ 'GET /api/orders/admin': { body: [codOrder], headers: { 'X-Total-Count': '1' } } });
    const { container } = await renderWithApp(<AdminOrdersPage />, { route: '/admin/orders?search=john', storages: asAdmin() });
    await settle(10);
    expect(queryByText(container, ORDER_SEARCH_INVALID)).not.toBeNull();
    expect(getByLabelText(container, 'Find an order').getAttribute('aria-invalid')).toBe('true');
    expect(asked(calls)).toEqual([null]);
  });

  it('when the orders’ call gets no answer, then the admin sees why with Try again, not an endless skeleton, and stays; Try again shows the orders', async () => {
    const { route, shop } = noAnswerWhileDown({ body: [{ ...codOrder, _id: id('d3d3d3d3') }], headers: { 'X-Total-Count': '1' } });
    const calls = mockFetch({ 'GET /api/orders/admin': route });
    const { container } = await renderWithApp(<AdminOrdersPage />, { route: '/admin/orders', storages: asAdmin() });
    await settle(10);
    await expectNoAnswerThenRetry(container, shop);
    expect(calls.map((c) => c.url)).not.toContain('/api/logout');
    expect(rows(container).map((r) => r[0])).toEqual(['Order #D3D3D3D3']);
  });
});
