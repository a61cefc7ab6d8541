// @vitest-environment happy-dom
import { Link } from '../../ui/link.tsx';
import { describe, expect, it } from 'vitest';
import { click, getByLabelText, getByRoleName, settle, submit, typeInto } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { SearchBox } from './search-box.tsx';

setupComponentTests();

const categories = [
  { _id: 'c1', name: 'Computers', description: 'All computers', image: '/images/c.png', attrs: [] },
  { _id: 'c2', name: 'Computers/Laptops', description: 'Laptops', image: '/images/l.png', attrs: [] },
];

async function renderSearch(route = '/') {
  mockFetch({ 'GET /api/categories': { body: categories } });
  const view = await renderWithApp(<SearchBox />, { route });
  await settle();
  const form = view.container.querySelector('form[role="search"]') as HTMLFormElement;
  return {
    ...view,
    form,
    input: getByLabelText(view.container, 'Search products'),
    select: getByLabelText<HTMLSelectElement>(view.container, 'Category'),
  };
}

describe('header search box', () => {
  it('when the page opens, then the category picker says All and the box invites typing', async () => {
    const { select, input } = await renderSearch();
    expect(select.value).toBe('All');
    expect(input.placeholder).toBe('Type to search ...');
    expect([...select.options].map((o) => o.value)).toEqual(['All', 'Computers', 'Computers/Laptops']);
  });

  it('when a query is submitted with Enter under All, then the search list opens', async () => {
    const { form, input, path } = await renderSearch();
    await typeInto(input, 'gaming laptop');
    await submit(form);
    expect(path()).toBe('/product-list/search/gaming%20laptop');
  });

  it('when the query is only spaces under All, then the plain list opens', async () => {
    const { form, input, path } = await renderSearch();
    await typeInto(input, '   ');
    await submit(form);
    expect(path()).toBe('/product-list');
  });

  it('when a category is chosen and the query is empty, then that category list opens with commas for slashes', async () => {
    const { container, select, path } = await renderSearch();
    await typeInto(select, 'Computers/Laptops');
    await click(getByRoleName(container, 'button', 'Search'));
    expect(path()).toBe('/product-list/category/Computers,Laptops');
  });

  it('when a category is chosen and a query typed, then the search inside that category opens', async () => {
    const { container, select, input, path } = await renderSearch();
    await typeInto(select, 'Computers');
    await typeInto(input, ' dell ');
    await click(getByRoleName(container, 'button', 'Search'));
    expect(path()).toBe('/product-list/category/Computers/search/dell');
  });

  it('when a shared category search link is opened, then the box shows its category and query', async () => {
    const { select, input } = await renderSearch('/product-list/category/Computers,Laptops/search/dell/2');
    expect(select.value).toBe('Computers/Laptops');
    expect(input.value).toBe('dell');
  });
});

describe('header search box across pages', () => {
  const renderWithLinks = async (route: string) => {
    mockFetch({ 'GET /api/categories': { body: categories } });
    const view = await renderWithApp(
      <>
        <SearchBox />
        <Link to="/product-details/p1">Dell XPS 13</Link>
        <Link to="/cart">Cart</Link>
        <Link to="/product-list/category/Computers/search/dell">Dell computers</Link>
      </>,
      { route, raw: true },
    );
    await settle();
    return {
      ...view,
      input: getByLabelText(view.container, 'Search products'),
      select: getByLabelText<HTMLSelectElement>(view.container, 'Category'),
    };
  };

  it('when the shopper leaves a search list for a product and then the cart, then the box is empty there', async () => {
    const { container, input, select } = await renderWithLinks('/product-list/category/Computers,Laptops/search/dell');
    expect(input.value).toBe('dell');
    await click(getByRoleName(container, 'link', 'Dell XPS 13'));
    expect([input.value, select.value]).toEqual(['', 'All']);
    await typeInto(input, 'half typed');
    await click(getByRoleName(container, 'link', 'Cart'));
    expect([input.value, select.value]).toEqual(['', 'All']);
  });

  it('when a search list is opened by a link, then the box shows that list’s category and query', async () => {
    const { container, input, select } = await renderWithLinks('/cart');
    await typeInto(input, 'something else');
    await click(getByRoleName(container, 'link', 'Dell computers'));
    expect([input.value, select.value]).toEqual(['dell', 'Computers']);
  });
});
