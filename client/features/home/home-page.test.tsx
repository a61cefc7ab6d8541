// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { getByText, queryAllByText, queryByText, settle, settleUntil } from '../../testing/dom.ts';
import { mockFetch, type MockRoute } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { HomePage } from './home-page.tsx';

setupComponentTests();

const category = (name: string, description = `About ${name}`) => ({
  _id: name,
  name,
  description,
  image: `/images/${name}.png`,
  attrs: [],
});
const bestseller = {
  _id: 'p1',
  name: 'Laptop',
  description: 'Fast',
  price: 10,
  count: 1,
  images: [{ path: '/images/p1.png' }],
  rating: 5,
  reviewsNumber: 1,
  category: 'Computers/Laptops',
  attrs: [],
};

async function renderHome(routes: Record<string, MockRoute>) {
  mockFetch(routes);
  const view = await renderWithApp(<HomePage />);
  return view;
}

describe('home page', () => {
  it('when the data has not arrived, then skeletons hold the places of the carousel and the grid', async () => {
    const never = () => new Promise<never>(() => undefined);
    const { container } = await renderHome({ 'GET /api/products/bestsellers': never, 'GET /api/categories': never });
    expect(container.querySelectorAll('[aria-busy="true"]')).toHaveLength(2);
    expect(container.querySelectorAll('[data-skeleton]').length).toBeGreaterThan(0);
  });

  it('when categories load, then only top-level ones appear, each with a snippet and a link to its list', async () => {
    const { container } = await renderHome({
      'GET /api/products/bestsellers': { body: [bestseller] },
      'GET /api/categories': { body: [category('Computers', 'd'.repeat(201)), category('Computers/Laptops'), category('Books')] },
    });
    await settle();
    const names = [...container.querySelectorAll('ul h3')].map((h) => h.textContent);
    expect(names).toEqual(['Computers', 'Books']);
    expect(queryByText(container, `${'d'.repeat(200)}...`)).not.toBeNull();
    const links = queryAllByText(container, 'Go to the Category', 'a').map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/product-list/category/Computers', '/product-list/category/Books']);
    expect(getByText(container, 'Bestseller in Computers/Laptops Category')).toBeTruthy();
  });

  it('when the bestsellers call fails, then the server message shows and the categories still do', async () => {
    const { container } = await renderHome({
      'GET /api/products/bestsellers': { status: 500, body: { message: 'Database is down, try again in a minute', requestId: 'r1' } },
      'GET /api/categories': { body: [category('Books')] },
    });
    await settle();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Database is down, try again in a minute');
    expect(queryByText(container, 'Books', 'h3')).not.toBeNull();
  });

  it('when the categories call fails without JSON, then the response body is shown', async () => {
    const { container } = await renderHome({
      'GET /api/products/bestsellers': { body: [] },
      'GET /api/categories': { status: 502, body: 'Bad gateway: the API is restarting' },
    });
    // A body that is not JSON is read by a chunk fetched with the first such answer (client/lib/api.ts).
    const alert = await settleUntil(() => container.querySelector('[role="alert"]'), 'the alert');
    expect(alert.textContent).toBe('Bad gateway: the API is restarting');
  });
});
