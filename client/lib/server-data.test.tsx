// @vitest-environment happy-dom
import { Route, Routes } from 'react-router-dom';
import { Link } from '../ui/link.tsx';
import { describe, expect, it } from 'vitest';
import { SHOP_DATA_ID } from '#contracts/server-render.ts';
import { click, getByRoleName, settle } from '../testing/dom.ts';
import { mockFetch } from '../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../testing/render.tsx';
import { FirstScreenData, readServerData } from './server-data.tsx';
import { useApiGet } from './use-api-get.ts';

setupComponentTests();

function Bestsellers() {
  const list = useApiGet<string[]>('/api/products/bestsellers');
  return (
    <>
      <p>{list.status === 'success' ? list.data.join(', ') : list.status}</p>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/">Home</Link>
    </>
  );
}

const shop = (data: Record<string, unknown>) => (
  <FirstScreenData data={data}>
    <Routes>
      <Route path="/" element={<Bestsellers />} />
      <Route path="/elsewhere" element={<Link to="/">Home</Link>} />
    </Routes>
  </FirstScreenData>
);

describe('the answers a server-rendered page carries', () => {
  it('when the page carries the answer for its url, then it shows at once and nothing is fetched', async () => {
    const calls = mockFetch({});
    const { container } = await renderWithApp(shop({ '/api/products/bestsellers': ['Lamp', 'Desk'] }), { raw: true });
    await settle();
    expect(container.querySelector('p')?.textContent).toBe('Lamp, Desk');
    expect(calls).toEqual([]);
  });

  it('when the shopper has left the first page and comes back, then the page asks the API, not the old answer', async () => {
    const calls = mockFetch({ 'GET /api/products/bestsellers': { body: ['Newer lamp'] } });
    const { container } = await renderWithApp(shop({ '/api/products/bestsellers': ['Lamp'] }), { raw: true });
    await click(getByRoleName(container, 'link', 'Elsewhere'));
    await click(getByRoleName(container, 'link', 'Home'));
    await settle();
    expect(container.querySelector('p')?.textContent).toBe('Newer lamp');
    expect(calls.map((c) => c.url)).toEqual(['/api/products/bestsellers']);
  });

  it('when the data block is missing, broken or not an object, then the page has no answers', () => {
    const doc = (text: string | null) => ({
      getElementById: (id: string) => (id === SHOP_DATA_ID && text !== null ? ({ textContent: text } as HTMLElement) : null),
    });
    expect(readServerData(doc('{"/api/categories":[]}'))).toEqual({ '/api/categories': [] });
    expect(readServerData(doc(null))).toEqual({});
    expect(readServerData(doc('{"/api'))).toEqual({});
    expect(readServerData(doc('[1]'))).toEqual({});
  });
});
