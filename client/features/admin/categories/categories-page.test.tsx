// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Category } from '#contracts/category.ts';
import { act } from 'react';
import { click, getByLabelText, getByRoleName, queryByRoleName, queryByText, settle, submit, typeInto } from '../../../testing/dom.ts';
import { adminStorages } from '../../../testing/admin.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { AdminCategoriesPage } from './categories-page.tsx';

setupComponentTests();

describe('admin categories page', () => {
  it('when an admin opens /admin/categories, then each category shows its picture (a neutral one without), description, Edit and Delete; Edit saves the description and adds attribute values, Create adds one, and a category in use says why it stays', async () => {
    let stored: Category[] = [
      { _id: 'c1', name: 'Books', description: 'Paper and ink', image: '/images/demo/books.jpg', attrs: [] },
      { _id: 'c2', name: 'Garden', description: '', image: '', attrs: [] },
    ];
    const inUse =
      'The category "Books" cannot be deleted while 3 product(s) use it or one of its sub-categories: move or delete those products first';
    const calls = mockFetch({
      'GET /api/categories': () => ({ body: stored }),
      'PUT /api/categories/Garden': ({ body }) => {
        stored = stored.map((c) => (c.name === 'Garden' ? { ...c, ...(body as Partial<Category>) } : c));
        return { body: stored[1] };
      },
      'POST /api/categories': ({ body }) => {
        const made = { _id: 'c3', name: (body as { category: string }).category, description: '', image: '', attrs: [] };
        stored = [...stored, made];
        return { status: 201, body: { categoryCreated: made } };
      },
      'DELETE /api/categories/Books': { status: 409, body: { message: inUse } },
      'POST /api/categories/attr': () => {
        stored = stored.map((c) => (c.name === 'Garden' ? { ...c, attrs: [{ key: 'Season', value: ['Spring'] }] } : c));
        return { body: { categoryUpdated: stored } };
      },
    });
    const { container: c } = await renderWithApp(<AdminCategoriesPage />, { route: '/admin/categories', storages: adminStorages() });
    await settle(10);
    expect(c.querySelectorAll('img[src="/images/demo/books.jpg"]')).toHaveLength(1);
    expect(c.querySelectorAll('[data-neutral-picture]')).toHaveLength(1);
    expect(queryByText(c, 'Paper and ink')).not.toBeNull();

    await click(getByRoleName(c, 'button', 'Edit category Garden'));
    await typeInto(getByLabelText(c, 'Attribute key'), 'Season');
    await typeInto(getByLabelText(c, 'Attribute value'), 'Spring');
    await submit(c.querySelector('form[aria-label="Attributes of Garden"]') as HTMLFormElement);
    await settle(10);
    expect(calls.find((x) => x.url === '/api/categories/attr')?.body).toEqual({ key: 'Season', val: 'Spring', categoryChoosen: 'Garden' });
    expect(queryByRoleName(c, 'button', 'Remove Season: Spring')).not.toBeNull();
    await typeInto(getByLabelText(c, 'Description'), 'Tools and seeds');
    await submit(c.querySelector('form[aria-label="Edit category Garden"]') as HTMLFormElement);
    await settle(10);
    expect(calls.find((x) => x.method === 'PUT')?.body).toEqual({ name: 'Garden', description: 'Tools and seeds', image: '' });
    expect(queryByText(c, 'Tools and seeds')).not.toBeNull();

    await typeInto(getByLabelText(c, 'Category name'), 'Toys');
    await submit(c.querySelector('form[aria-label="New category"]') as HTMLFormElement);
    await settle(10);
    expect(queryByText(c, 'Toys', 'td')).not.toBeNull();

    await click(getByRoleName(c, 'button', 'Delete category Books'));
    const open = [...document.querySelectorAll('dialog')].filter((d) => d.open);
    await click(getByRoleName(open[0]!, 'button', 'Yes'));
    await settle(10);
    expect(queryByText(c, inUse)).not.toBeNull();
  });

  it('when an admin renames a category, uploads its picture and removes attribute values, then each is sent and shown; a value products still have stays, with the reason beside it', async () => {
    let stored: Category[] = [
      { _id: 'c1', name: 'Garden', description: '', image: '', attrs: [{ key: 'Season', value: ['Spring', 'Winter'] }] },
    ];
    const inUse = '"Season: Spring" cannot be removed while 2 product(s) of "Garden" have it: change those products first';
    const withGarden = (change: Partial<Category>) => (stored = stored.map((c) => ({ ...c, ...change })));
    const calls = mockFetch({
      'GET /api/categories': () => ({ body: stored }),
      'PUT /api/categories/Garden': ({ body }) => ({ body: withGarden(body as Partial<Category>)[0] }),
      'POST /api/products/admin/upload': () => {
        withGarden({ image: '/images/abc.jpg' });
        return { status: 201, body: { message: 'upload successful', images: [{ path: '/images/abc.jpg', width: 4, height: 3 }] } };
      },
      'DELETE /api/categories/Garden/attrs/Season/Spring': { status: 409, body: { message: inUse, field: 'val' } },
      'DELETE /api/categories/Garden/attrs/Season/Winter': () => ({
        body: { categoryUpdated: withGarden({ attrs: [{ key: 'Season', value: ['Spring'] }] }) },
      }),
    });
    const { container: c } = await renderWithApp(<AdminCategoriesPage />, { route: '/admin/categories', storages: adminStorages() });
    await settle(10);
    await click(getByRoleName(c, 'button', 'Edit category Garden'));

    const picture = getByLabelText(c, 'Picture');
    const file = new File(['jpeg bytes'], 'lawn.jpg', { type: 'image/jpeg' });
    Object.defineProperty(picture, 'files', { configurable: true, value: [file] });
    await act(async () => {
      picture.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle(10);
    const upload = calls.find((x) => x.method === 'POST')!;
    expect(upload.url).toBe('/api/products/admin/upload?categoryName=Garden');
    expect((upload.body as FormData).get('images')).toMatchObject({ name: 'lawn.jpg', type: 'image/jpeg' });
    expect(c.querySelectorAll('img[src="/images/abc.jpg"]').length).toBeGreaterThan(0);
    expect(queryByRoleName(c, 'button', 'Remove picture')).not.toBeNull();

    await click(getByRoleName(c, 'button', 'Remove Season: Spring'));
    await settle(10);
    expect(queryByText(c, inUse)).not.toBeNull();
    expect(queryByRoleName(c, 'button', 'Remove Season: Spring')).not.toBeNull();
    await click(getByRoleName(c, 'button', 'Remove Season: Winter'));
    await settle(10);
    expect(queryByRoleName(c, 'button', 'Remove Season: Winter')).toBeNull();

    const name = getByLabelText(c, 'Name');
    name.value = '';
    await typeInto(name, 'Outdoor');
    await submit(c.querySelector('form[aria-label="Edit category Garden"]') as HTMLFormElement);
    await settle(10);
    expect(calls.find((x) => x.method === 'PUT')?.body).toEqual({ name: 'Outdoor', description: '', image: '/images/abc.jpg' });
    expect(queryByText(c, 'Outdoor', 'td')).not.toBeNull();
  });
});
