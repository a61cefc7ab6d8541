// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { click, getByLabelText, getByRoleName, queryByText, settle, typeInto } from '../../../testing/dom.ts';
import { mockFetch, type FetchCall } from '../../../testing/fetch-mock.ts';
import { pressEnter } from '../../../testing/keyboard.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { PRICE_MESSAGE } from '#contracts/value-rules.ts';
import { AdminEditUserPage } from '../users/edit-user-page.tsx';
import { AdminCreateProductPage } from './create-product-page.tsx';
import { AdminEditProductPage } from './edit-product-page.tsx';

setupComponentTests();

const laptops = { _id: 'c1', name: 'Computers/Laptops', description: '', image: '', attrs: [] };
const lamp = {
  _id: 'p1',
  name: 'Lamp',
  description: 'Bright',
  price: 10,
  count: 2,
  images: [],
  rating: 0,
  reviewsNumber: 0,
  reviews: [],
  category: 'Computers/Laptops',
  attrs: [],
};
const writes = (calls: FetchCall[]) => calls.filter((c) => c.method !== 'GET');

describe('field errors go once the field is valid', () => {
  it('when a refused new product gets its name and price, then those messages go and the others stay', async () => {
    mockFetch({ 'GET /api/categories': { body: [laptops] } });
    const { container } = await renderWithApp(<AdminCreateProductPage />);
    await settle();
    await click(getByRoleName(container, 'button', 'Create'));
    expect(queryByText(container, 'Please enter a name')).not.toBeNull();
    await typeInto(getByLabelText(container, 'Name'), 'Dell XPS 13');
    await typeInto(getByLabelText(container, 'Price'), '999');
    expect(queryByText(container, 'Please enter a name')).toBeNull();
    expect(queryByText(container, PRICE_MESSAGE)).toBeNull();
    expect(getByLabelText(container, 'Name').getAttribute('aria-invalid')).toBeNull();
    // The same rule as every form: a field emptied again after a submit shows its error again.
    await typeInto(getByLabelText(container, 'Name'), ' ');
    expect(queryByText(container, 'Please enter a name')).not.toBeNull();
    await typeInto(getByLabelText(container, 'Name'), 'Dell XPS 13');
    expect(queryByText(container, 'Please enter a description')).not.toBeNull();
    expect(queryByText(container, 'Please choose at least one image')).not.toBeNull();
    await typeInto(getByLabelText<HTMLSelectElement>(container, 'Category'), 'Computers/Laptops');
    expect(queryByText(container, 'Please choose a category')).toBeNull();
  });

  it('when an edited product is refused and its field filled again, then the message goes, and Enter there does not send it', async () => {
    const calls = mockFetch({
      'GET /api/categories': { body: [laptops] },
      'GET /api/products/get-one/p1': { body: lamp },
      'PUT /api/products/admin/p1': { body: 'product updated' },
    });
    const { container } = await renderWithApp(<AdminEditProductPage />, {
      route: '/admin/edit-product/p1',
      pattern: '/admin/edit-product/:id',
    });
    await settle();
    await typeInto(getByLabelText(container, 'Name'), '');
    await click(getByRoleName(container, 'button', 'UPDATE'));
    expect(queryByText(container, 'Please enter a name')).not.toBeNull();
    await typeInto(getByLabelText(container, 'Name'), 'Desk lamp');
    expect(queryByText(container, 'Please enter a name')).toBeNull();
    for (const label of ['Name', 'Count in stock', 'Price', 'Create new attribute', 'Attribute value'])
      expect(await pressEnter(getByLabelText(container, label))).toBe(false);
    await settle();
    expect(writes(calls)).toEqual([]);
  });

  it("when the price has more than two decimals or is 0, then the API's price message shows under Price and nothing is sent", async () => {
    const calls = mockFetch({ 'GET /api/categories': { body: [laptops] } });
    const { container } = await renderWithApp(<AdminCreateProductPage />);
    await settle();
    const price = getByLabelText(container, 'Price');
    for (const typed of ['0.001', '0', '1000000.01']) {
      await typeInto(price, typed);
      await click(getByRoleName(container, 'button', 'Create'));
      const describedBy = price.getAttribute('aria-describedby') ?? '';
      const messages = describedBy.split(' ').map((id) => container.querySelector(`[id="${id}"]`)?.textContent);
      expect(messages, typed).toContain(PRICE_MESSAGE);
      expect(price.getAttribute('aria-invalid')).toBe('true');
    }
    await typeInto(price, '19.99');
    expect(queryByText(container, PRICE_MESSAGE)).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('when a refused user edit gets a valid email, then the email message goes', async () => {
    const ann = { _id: 'u2', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false };
    mockFetch({ 'GET /api/users/u2': { body: ann } });
    const { container } = await renderWithApp(<AdminEditUserPage />, { route: '/admin/edit-user/u2', pattern: '/admin/edit-user/:id' });
    await settle();
    await typeInto(getByLabelText(container, 'Email'), 'ann@');
    await typeInto(getByLabelText(container, 'Name'), ' ');
    await click(getByRoleName(container, 'button', 'UPDATE'));
    expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(2);
    await typeInto(getByLabelText(container, 'Email'), 'ann@example.org');
    expect(getByLabelText(container, 'Email').getAttribute('aria-invalid')).toBeNull();
    expect(getByLabelText(container, 'Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('when the server refuses a user edit, then its sentence shows, and a second try goes out', async () => {
    const ann = { _id: 'u2', name: 'Ann', lastName: 'Lee', email: 'ann@example.com', isAdmin: false };
    let answer = { status: 400, body: { message: 'email: already taken', field: 'email' } };
    const calls = mockFetch({ 'GET /api/users/u2': { body: ann }, 'PUT /api/users/u2': () => answer });
    const { container, path } = await renderWithApp(<AdminEditUserPage />, {
      route: '/admin/edit-user/u2',
      pattern: '/admin/edit-user/:id',
    });
    await settle();
    await click(getByRoleName(container, 'button', 'UPDATE'));
    await settle();
    expect(queryByText(container, 'email: already taken')).not.toBeNull();
    answer = { status: 200, body: { message: 'user updated' } } as typeof answer;
    await click(getByRoleName(container, 'button', 'UPDATE'));
    await settle();
    expect(writes(calls)).toHaveLength(2);
    expect(path()).toBe('/admin/users');
  });
});
