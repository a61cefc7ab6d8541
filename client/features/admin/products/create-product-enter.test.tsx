// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { click, getByLabelText, getByRoleName, settle, typeInto } from '../../../testing/dom.ts';
import { mockFetch, type FetchCall } from '../../../testing/fetch-mock.ts';
import { pressEnter } from '../../../testing/keyboard.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminCreateProductPage } from './create-product-page.tsx';

setupComponentTests();

const laptops = { _id: 'c1', name: 'Computers/Laptops', description: '', image: '', attrs: [{ key: 'RAM', value: ['8 GB'] }] };
/** Every input of the page where a browser would submit on Enter (the description is a textarea). */
const ENTER_FIELDS = ['Name', 'Count in stock', 'Price', 'Or create a new category', 'Create new attribute', 'Attribute value'];

const productPosts = (calls: FetchCall[]) => calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/products'));

async function openPage() {
  const calls = mockFetch({
    'GET /api/categories': { body: [laptops] },
    'POST /api/products/admin': { status: 201, body: { productCreated: 'ok', productId: 'p1' } },
    'GET /api/products/admin/image-host': { body: { uploadUrl: null } },
  });
  const { container } = await renderWithApp(<AdminCreateProductPage />);
  await settle();
  const field = <T extends HTMLElement = HTMLInputElement>(label: string) => getByLabelText<T>(container, label);
  const fill = async () => {
    await typeInto(field('Name'), 'Dell XPS 13');
    await typeInto(field<HTMLTextAreaElement>('Description'), 'A small laptop');
    await typeInto(field('Count in stock'), '5');
    await typeInto(field('Price'), '999');
    await typeInto(field<HTMLSelectElement>('Category'), 'Computers/Laptops');
  };
  const chooseImages = async () => {
    const input = field('Images');
    Object.defineProperty(input, 'files', { configurable: true, value: [new File(['x'], 'p.png', { type: 'image/png' })] });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
  };
  /** Enter in every field; answers the fields where the form went out. */
  const enterEverywhere = async () => {
    const submittedIn: string[] = [];
    for (const label of ENTER_FIELDS) if (await pressEnter(field(label))) submittedIn.push(label);
    await settle();
    return submittedIn;
  };
  return { calls, container, field, fill, chooseImages, enterEverywhere };
}

describe('create product page: Enter never submits', () => {
  it('when the form is complete with images and Enter is pressed in every field, then no product is created', async () => {
    const page = await openPage();
    await page.fill();
    await page.chooseImages();
    expect(await page.enterEverywhere()).toEqual([]);
    expect(productPosts(page.calls)).toEqual([]);
  });

  it('when the form is complete without images and Enter is pressed in every field, then no product is created', async () => {
    const page = await openPage();
    await page.fill();
    expect(await page.enterEverywhere()).toEqual([]);
    expect(productPosts(page.calls)).toEqual([]);
  });

  it('when a submit failed and the fields are then completed, then Enter in every field still creates nothing', async () => {
    const page = await openPage();
    await click(getByRoleName(page.container, 'button', 'Create'));
    await page.fill();
    await page.chooseImages();
    expect(await page.enterEverywhere()).toEqual([]);
    expect(productPosts(page.calls)).toEqual([]);
  });

  it('when an attribute was added with Enter, then Enter in every other field creates nothing', async () => {
    const page = await openPage();
    await page.fill();
    await page.chooseImages();
    await typeInto(page.field('Create new attribute'), 'Color');
    await typeInto(page.field('Attribute value'), 'Red');
    expect(await pressEnter(page.field('Attribute value'))).toBe(false);
    expect(page.container.querySelector('tbody tr td')?.textContent).toBe('Color');
    expect(await page.enterEverywhere()).toEqual([]);
    expect(productPosts(page.calls)).toEqual([]);
  });

  it('when the complete form is sent with the Create button, then the product is created once', async () => {
    // The images' uploads stay in flight: only the product call matters here.
    vi.stubGlobal(
      'XMLHttpRequest',
      class {
        upload = {};
        open() {}
        setRequestHeader() {}
        send() {}
        abort() {}
      },
    );
    const page = await openPage();
    await page.fill();
    await page.chooseImages();
    await click(getByRoleName(page.container, 'button', 'Create'));
    await settle();
    expect(productPosts(page.calls)).toHaveLength(1);
  });
});
