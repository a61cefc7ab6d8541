// @vitest-environment happy-dom
import { Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { click, getByRoleName, getByText, queryByText, settle, typeInto } from '../../testing/dom.ts';
import { mockFetch, type MockRoute } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import ProductListPage from './index.tsx';

setupComponentTests();

const category = (name: string, attrs: { key: string; value: string[] }[] = []) => ({ _id: name, name, description: '', image: '', attrs });
const CATEGORIES = [
  category('Computers', [{ key: 'color', value: ['red', 'blue'] }]),
  category('Computers/Laptops', [{ key: 'ram', value: ['8GB', '16GB'] }]),
  category('Books'),
];
const product = (id: string, description = `About ${id}`) => ({
  _id: id,
  name: `Product ${id}`,
  description,
  price: 12.5,
  count: 3,
  images: [{ path: `/images/${id}.png` }],
  rating: 4,
  reviewsNumber: 7,
  category: 'Books',
  attrs: [],
});
const page = (products = [product('p1')], paginationLinksNumber = 1, pageNum = 1) => ({
  body: { products, paginationLinksNumber, pageNum },
});

// the fetch mock matches exact paths: every list a test opens
const LIST_API_PATHS = [
  '/api/products/',
  '/api/products/category/Books/',
  '/api/products/category/Computers,Laptops/search/mac/',
  '/api/products/search/lamp/',
];

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Browser back
    </button>
  );
}

async function renderList(route: string, list: MockRoute = page()) {
  const calls = mockFetch({
    'GET /api/categories': { body: CATEGORIES },
    ...Object.fromEntries(LIST_API_PATHS.map((p) => [`GET ${p}`, list])),
  });
  const view = await renderWithApp(
    <>
      <Back />
      <Routes>
        {paths.productList.patterns.map((p) => (
          <Route key={p} path={p} element={<ProductListPage />} />
        ))}
        <Route path="*" element={null} />
      </Routes>
    </>,
    { route, raw: true },
  );
  await settle();
  const productCalls = () => calls.filter((c) => c.url.startsWith('/api/products')).map((c) => c.url);
  return { ...view, calls, productCalls };
}

const checkbox = (root: HTMLElement, name: string) => root.querySelector<HTMLInputElement>(`input[type="checkbox"][aria-label="${name}"]`)!;
const ratingBox = (root: HTMLElement, stars: number) =>
  [...root.querySelectorAll('label')].find((l) => l.textContent?.endsWith(`${stars} stars`))!.control as HTMLInputElement;
const byLabel = (root: HTMLElement, text: string) =>
  [...root.querySelectorAll('label')].find((l) => l.textContent === text)!.control as HTMLInputElement;

describe('product list', () => {
  it('when a category list with filters in the URL opens, then the API gets the same filters and the controls show them', async () => {
    const { container, productCalls } = await renderList(
      '/product-list/category/Computers,Laptops/search/mac/2?price=300&rating=4,5&attrs=ram-16GB&sort=price_-1',
    );
    expect(productCalls()).toEqual([
      '/api/products/category/Computers,Laptops/search/mac/?pageNum=2&price=300&rating=4%2C5&category=&attrs=ram-16GB&sort=price_-1',
    ]);
    expect(getByText(container, '$300.00', 'output')).toBeTruthy();
    expect(ratingBox(container, 4).checked).toBe(true);
    expect(ratingBox(container, 3).checked).toBe(false);
    expect(byLabel(container, '16GB').checked).toBe(true);
    // a sub-category offers its parent's attributes too; the category boxes are the path's job
    expect(byLabel(container, 'red').checked).toBe(false);
    expect(checkbox(container, 'Books')).toBeNull();
    expect(container.querySelector('select')?.value).toBe('price_-1');
  });

  it('when filters are ticked and Filter pressed, then the URL holds them without the page number, and back restores the old list', async () => {
    const { container, path, productCalls } = await renderList('/product-list/3');
    await typeInto(container.querySelector<HTMLInputElement>('input[type="range"]')!, '200');
    await click(ratingBox(container, 5));
    await click(checkbox(container, 'Computers/Laptops'));
    await click(byLabel(container, '8GB'));
    await click(getByRoleName(container, 'button', 'Filter'));
    await settle();
    expect(path()).toBe('/product-list?price=200&rating=5&category=Computers%2FLaptops&attrs=ram-8GB');
    expect(productCalls().at(-1)).toBe('/api/products/?pageNum=1&price=200&rating=5&category=Computers%2FLaptops&attrs=ram-8GB&sort=');

    await click(getByRoleName(container, 'button', 'Browser back'));
    await settle();
    expect(path()).toBe('/product-list/3');
    expect(ratingBox(container, 5).checked).toBe(false);
    expect(getByText(container, 'Any price', 'output')).toBeTruthy();
    expect(productCalls().at(-1)).toBe('/api/products/?pageNum=3&price=&rating=&category=&attrs=&sort=');
  });

  it('when a box is ticked and the slider left alone, then Filter sends no price (it reads "Any price", its thumb at the end, until moved)', async () => {
    const { container, path, productCalls } = await renderList('/product-list/category/Computers,Laptops');
    expect(getByText(container, 'Any price', 'output')).toBeTruthy();
    expect(container.querySelector<HTMLInputElement>('input[type="range"]')!.value).toBe('1000');
    await click(byLabel(container, '16GB'));
    await click(getByRoleName(container, 'button', 'Filter'));
    await settle();
    expect(path()).toBe('/product-list/category/Computers,Laptops?attrs=ram-16GB');
    expect(productCalls().at(-1)).toBe('/api/products/category/Computers,Laptops/?pageNum=1&price=&rating=&category=&attrs=ram-16GB&sort=');
  });

  it('when a category is ticked, then other top-level groups are disabled, and unticking the last goes back to /product-list', async () => {
    const { container, path } = await renderList('/product-list?rating=2');
    await click(checkbox(container, 'Computers'));
    expect(checkbox(container, 'Books').disabled).toBe(true);
    expect(checkbox(container, 'Computers/Laptops').disabled).toBe(false);
    await click(checkbox(container, 'Computers'));
    await settle();
    expect(path()).toBe('/product-list');
    expect(checkbox(container, 'Books').disabled).toBe(false);
  });

  it('when Reset filters is pressed, then the plain list shows', async () => {
    const { container, path } = await renderList('/product-list/search/lamp/2?rating=3&sort=name_1');
    await click(getByRoleName(container, 'button', 'Reset filters'));
    await settle();
    expect(path()).toBe('/product-list');
    expect(ratingBox(container, 3).checked).toBe(false);
  });

  it("when Reset filters is pressed on a category list, then that category's list shows without filters", async () => {
    const { container, path } = await renderList('/product-list/category/Computers,Laptops/2?rating=3&attrs=ram-16GB');
    await click(getByRoleName(container, 'button', 'Reset filters'));
    await settle();
    expect(path()).toBe('/product-list/category/Computers,Laptops');
    expect(ratingBox(container, 3).checked).toBe(false);
  });

  it('when a sort is chosen, then the URL keeps the filters, drops the page and the API sorts', async () => {
    const { container, path, productCalls } = await renderList('/product-list/2?rating=3');
    await typeInto(container.querySelector('select')!, 'name_-1');
    await settle();
    expect(path()).toBe('/product-list?rating=3&sort=name_-1');
    expect(productCalls().at(-1)).toContain('sort=name_-1');
  });

  it('when the server answers several pages, then one link per page keeps filters and marks the current page', async () => {
    const { container } = await renderList('/product-list/category/Books/2?rating=5', page([product('p1')], 3, 2));
    const links = [...container.querySelectorAll('nav[aria-label="Pages"] a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/product-list/category/Books?rating=5',
      '/product-list/category/Books?rating=5',
      '/product-list/category/Books/2?rating=5',
      '/product-list/category/Books/3?rating=5',
      '/product-list/category/Books/3?rating=5',
    ]);
    expect(getByRoleName(container, 'link', 'Page 2').getAttribute('aria-current')).toBe('page');
  });

  it('when products load, then each card shows the 200-character preview, rating, price and a details link', async () => {
    const { container } = await renderList('/product-list', page([product('p9', 'x'.repeat(250))]));
    expect(queryByText(container, `${'x'.repeat(200)}...`)).not.toBeNull();
    expect(queryByText(container, '(7)')).not.toBeNull();
    expect(queryByText(container, '$12.50')).not.toBeNull();
    expect(getByRoleName(container, 'link', 'See product Product p9').getAttribute('href')).toBe('/product-details/p9');
  });

  it('when the list is pending, then the loading text and skeleton cards show', async () => {
    const { container } = await renderList('/product-list', () => new Promise<never>(() => undefined));
    expect(queryByText(container, 'Loading products ....')).not.toBeNull();
    expect(container.querySelectorAll('[data-skeleton]').length).toBeGreaterThan(0);
  });

  it('when the list call fails, then the spec error text shows with Try again, which asks again and shows the products', async () => {
    let answers = 0;
    const { container, productCalls } = await renderList('/product-list', () =>
      answers++ === 0 ? { status: 500, body: { message: 'db down' } } : page(),
    );
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe('Error while loading products. Try again later.Try again');
    await click(getByRoleName(alert as HTMLElement, 'button', 'Try again'));
    await settle();
    expect(productCalls()).toHaveLength(2);
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(getByRoleName(container, 'link', 'See product Product p1')).toBeTruthy();
  });
});
