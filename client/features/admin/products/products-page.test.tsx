// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ProductSummary } from '#contracts/product.ts';
import { click, getByLabelText, getByRoleName, queryByRoleName, queryByText, settle, submit, typeInto } from '../../../testing/dom.ts';
import { adminStorages } from '../../../testing/admin.ts';
import { type FetchCall, mockFetch } from '../../../testing/fetch-mock.ts';
import { expectNoAnswerThenRetry, noAnswerWhileDown } from '../../../testing/no-answer.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminProductsPage } from './products-page.tsx';

setupComponentTests();

const product = (n: number) => ({ _id: `p${n}`, name: `Lamp ${n}`, price: 10, category: 'Books' }) as ProductSummary;
const lamps = (req: FetchCall) => {
  const limit = Number(new URL(req.url, 'http://localhost').searchParams.get('limit'));
  return { body: Array.from({ length: limit }, (_, i) => product(i + 1)), headers: { 'X-Total-Count': '45' } };
};
const asked = (calls: FetchCall[], path: string) =>
  calls
    .filter((c) => c.method === 'GET' && new URL(c.url, 'http://localhost').pathname === path)
    .map((c) => new URL(c.url, 'http://localhost').search);
const categories = [
  { name: 'Books', description: '', image: '', attrs: [] },
  { name: 'Old', description: '', image: '', attrs: [] },
];

describe('admin products list: search and categories', () => {
  it('when a search is sent from page 2, then page 1 of the matches is asked with ?search=, the address keeps it, and paging keeps it', async () => {
    const calls = mockFetch({ 'GET /api/products/admin': lamps, 'GET /api/categories': { body: categories } });
    const { container, path } = await renderWithApp(<AdminProductsPage />, { route: '/admin/products?page=2', storages: adminStorages() });
    await settle(10);
    await typeInto(getByLabelText(container, 'Search products by name'), '  lamp 1 ');
    await submit(container.querySelector('form[role="search"]')!);
    await settle(10);
    expect(path()).toBe('/admin/products?search=lamp+1');
    expect(asked(calls, '/api/products/admin')).toEqual(['?page=2&limit=20', '?page=1&limit=20&search=lamp%201']);
    expect(queryByText(container, '45 found for “lamp 1”.')).not.toBeNull();

    await click(getByRoleName(container, 'link', 'Next page'));
    await settle(10);
    expect(path()).toBe('/admin/products?search=lamp+1&page=2');
    expect(asked(calls, '/api/products/admin').at(-1)).toBe('?page=2&limit=20&search=lamp%201');

    await click(getByRoleName(container, 'link', 'Show all products'));
    await settle(10);
    expect(path()).toBe('/admin/products');
    expect(getByLabelText(container, 'Search products by name').value).toBe('');
  });

  it('when a category is deleted in the panel, then it asks first, and after Yes it is gone from the list', async () => {
    let stored = categories;
    const calls = mockFetch({
      'GET /api/products/admin': lamps,
      'GET /api/categories': () => ({ body: stored }),
      'DELETE /api/categories/Old': () => {
        stored = stored.filter((c) => c.name !== 'Old');
        return { body: { categoryDeleted: true } };
      },
    });
    const { container } = await renderWithApp(<AdminProductsPage />, { route: '/admin/products', storages: adminStorages() });
    await settle(10);
    await click(getByRoleName(container, 'button', 'Delete category Old'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    // The page has two dialogs (products, categories): the open one asks.
    const open = [...document.querySelectorAll('dialog')].filter((d) => d.open);
    expect(open).toHaveLength(1);
    await click(getByRoleName(open[0]!, 'button', 'Yes'));
    await settle(10);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/categories/Old']);
    expect(queryByRoleName(container, 'button', 'Delete category Old')).toBeNull();
    expect(queryByRoleName(container, 'button', 'Delete category Books')).not.toBeNull();
  });

  it('when the list’s call gets no answer, then the admin sees why with Try again, not an endless skeleton; Try again shows the products', async () => {
    const { route, shop } = noAnswerWhileDown(lamps);
    mockFetch({ 'GET /api/products/admin': route, 'GET /api/categories': { body: categories } });
    const { container } = await renderWithApp(<AdminProductsPage />, { route: '/admin/products', storages: adminStorages() });
    await settle(10);
    await expectNoAnswerThenRetry(container, shop);
    expect(container.querySelector('tbody tr')?.textContent).toContain('Lamp 1');
  });
});
