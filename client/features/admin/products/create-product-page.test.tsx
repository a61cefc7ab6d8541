// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PARTLY_CREATED } from '#machines/product-images/product-create.machine.ts';
import {
  click,
  getByLabelText,
  getByRoleName,
  getByText,
  queryByRoleName,
  queryByText,
  settle,
  settleUntil,
  typeInto,
} from '../../../testing/dom.ts';
import { FakeXhr } from '../../../testing/fake-xhr.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminCreateProductPage } from './create-product-page.tsx';

setupComponentTests();

const laptops = { _id: 'c1', name: 'Computers/Laptops', description: '', image: '', attrs: [{ key: 'RAM', value: ['8 GB'] }] };

const pressEnter = async (input: HTMLInputElement) => {
  let notCancelled = true;
  await act(async () => {
    notCancelled = input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  });
  return notCancelled;
};

const setFiles = async (input: HTMLInputElement, count: number) => {
  const files = Array.from({ length: count }, (_, i) => new File(['x'], `p${i}.png`, { type: 'image/png' }));
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
};

describe('create product page', () => {
  it('when a new attribute key and value are confirmed with Enter, then the attribute is added and the form is not submitted', async () => {
    const calls = mockFetch({ 'GET /api/categories': { body: [laptops] } });
    const { container } = await renderWithApp(<AdminCreateProductPage />);
    await settle();
    await typeInto(getByLabelText(container, 'Create new attribute'), 'Color');
    await typeInto(getByLabelText(container, 'Attribute value'), 'Red');
    const defaultAllowed = await pressEnter(getByLabelText(container, 'Attribute value'));

    expect(defaultAllowed).toBe(false);
    const rows = [...container.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent),
    );
    expect(rows).toEqual([['Color', 'Red']]);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(getByLabelText(container, 'Create new attribute').value).toBe('');
  });

  it('when only a key is typed and Enter pressed, then nothing is added and nothing is sent', async () => {
    const calls = mockFetch({ 'GET /api/categories': { body: [laptops] } });
    const { container } = await renderWithApp(<AdminCreateProductPage />);
    await settle();
    await typeInto(getByLabelText(container, 'Create new attribute'), 'Color');
    await pressEnter(getByLabelText(container, 'Create new attribute'));
    expect(container.querySelector('tbody')).toBeNull();
    expect(getByText(container, 'Please enter its value')).toBeTruthy();
    expect(document.activeElement).toBe(getByLabelText(container, 'Attribute value'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('when more than three images are chosen, then "to many files" is shown and the choice is dropped', async () => {
    mockFetch({ 'GET /api/categories': { body: [laptops] } });
    const { container } = await renderWithApp(<AdminCreateProductPage />);
    await settle();
    const input = getByLabelText(container, 'Images');
    await setFiles(input, 4);
    expect(getByText(container, 'to many files')).toBeTruthy();
    expect(input.value).toBe('');
    await setFiles(input, 3);
    expect(queryByText(container, 'to many files')).toBeNull();
  });

  it('when a category is chosen, then its attributes are offered and a new one is saved to that category', async () => {
    const updated = [{ ...laptops, attrs: [...laptops.attrs, { key: 'Color', value: ['Red'] }] }];
    const calls = mockFetch({
      'GET /api/categories': { body: [laptops] },
      'POST /api/categories/attr': { body: { categoryUpdated: updated } },
    });
    const { container } = await renderWithApp(<AdminCreateProductPage />);
    await settle();
    await typeInto(getByLabelText<HTMLSelectElement>(container, 'Category'), 'Computers/Laptops');
    expect([...getByLabelText<HTMLSelectElement>(container, 'Choose attribute').options].map((o) => o.value)).toEqual(['', 'RAM']);
    await typeInto(getByLabelText(container, 'Create new attribute'), 'Color');
    await typeInto(getByLabelText(container, 'Attribute value'), 'Red');
    await pressEnter(getByLabelText(container, 'Attribute value'));
    await settle();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ key: 'Color', val: 'Red', categoryChoosen: 'Computers/Laptops' });
    expect([...getByLabelText<HTMLSelectElement>(container, 'Choose attribute').options].map((o) => o.value)).toEqual(['', 'RAM', 'Color']);
  });

  /** The form filled and two images chosen, the shop storing them itself; Create pressed. */
  const createWithImages = async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const calls = mockFetch({
      'GET /api/categories': { body: [laptops] },
      'POST /api/products/admin': { status: 201, body: { productCreated: 'ok', productId: 'p7' } },
      'GET /api/products/admin/image-host': { body: { uploadUrl: null } },
    });
    const page = await renderWithApp(<AdminCreateProductPage />, { route: '/admin/create-new-product' });
    await settle();
    const { container } = page;
    await typeInto(getByLabelText(container, 'Name'), 'Dell XPS 13');
    await typeInto(getByLabelText<HTMLTextAreaElement>(container, 'Description'), 'A small laptop');
    await typeInto(getByLabelText(container, 'Count in stock'), '5');
    await typeInto(getByLabelText(container, 'Price'), '999');
    await typeInto(getByLabelText<HTMLSelectElement>(container, 'Category'), 'Computers/Laptops');
    await setFiles(getByLabelText(container, 'Images'), 2);
    await click(getByRoleName(container, 'button', 'Create'));
    await settle();
    return { ...page, calls };
  };
  const bars = (container: HTMLElement) =>
    [...container.querySelectorAll('progress')].map((p) => [
      p.getAttribute('aria-label'),
      p.getAttribute('value'),
      p.getAttribute('data-status'),
    ]);

  it('when the product is created, then each image goes to it with its progress, and once all arrived the products list opens', async () => {
    const { container, calls, path } = await createWithImages();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/products/admin']);
    expect(FakeXhr.sent.map((x) => x.url)).toEqual(['/api/products/admin/upload?productId=p7', '/api/products/admin/upload?productId=p7']);
    await act(async () => FakeXhr.sent[0]!.progress(1, 2));
    expect(bars(container)).toEqual([
      ['Upload of p0.png', '1', 'uploading'],
      ['Upload of p1.png', '0', 'uploading'],
    ]);
    expect(getByRoleName(container, 'button', 'Saving ...')).toHaveProperty('disabled', true);
    await act(async () => {
      for (const xhr of FakeXhr.sent) xhr.answer(201, { message: 'upload successful', images: [{ path: '/images/x.png' }] });
    });
    await settle();
    expect(path()).toBe('/admin/products');
    await settleUntil(() => queryByText(document.body, 'product created'), 'the toast');
  });

  it('when an image is refused, then the page says the product was made without it, links to its edit page, and offers no second Create', async () => {
    const { container, calls, path } = await createWithImages();
    await act(async () => {
      FakeXhr.sent[0]!.answer(201, { message: 'upload successful', images: [{ path: '/images/x.png' }] });
      FakeXhr.sent[1]!.answer(415, { message: 'Only images can be uploaded' });
    });
    await settle();
    expect(bars(container).map(([, , status]) => status)).toEqual(['done', 'failed']);
    expect(getByText(container, 'p1.png: Only images can be uploaded')).toBeTruthy();
    // The sentence and its link in one alert: announced together, the link reachable by Tab.
    const alert = [...container.querySelectorAll('[role="alert"]')].find((a) => a.textContent?.includes(PARTLY_CREATED));
    const link = getByRoleName(alert!, 'link', 'Edit the new product');
    expect([path(), link.getAttribute('href'), link.tabIndex]).toEqual(['/admin/create-new-product', '/admin/edit-product/p7', 0]);
    expect([queryByRoleName(container, 'button', 'Create'), queryByRoleName(container, 'button', 'Saving ...')]).toEqual([null, null]);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/products/admin']);
    await click(link);
    expect(path()).toBe('/admin/edit-product/p7');
  });
});
