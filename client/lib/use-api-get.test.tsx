// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { settle } from '../testing/dom.ts';
import { mockFetch } from '../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../testing/render.tsx';
import { useApiGet } from './use-api-get.ts';

setupComponentTests();

function Orders() {
  const orders = useApiGet<string[]>('/api/orders/admin');
  return <p>{orders.status === 'error' ? orders.error : orders.status}</p>;
}

describe('useApiGet', () => {
  it('when the server refuses, then its sentence shows', async () => {
    mockFetch({ 'GET /api/orders/admin': { status: 500, body: { message: 'The shop is down' } } });
    const { container } = await renderWithApp(<Orders />);
    await settle();
    expect(container.textContent).toBe('The shop is down');
  });
});
