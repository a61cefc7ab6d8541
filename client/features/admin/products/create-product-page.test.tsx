// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { getByLabelText, getByText, queryByText, settle, typeInto } from '../../../testing/dom.ts';
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
    expect(getByText(container, 'A new attribute needs both a key and a value')).toBeTruthy();
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
});
