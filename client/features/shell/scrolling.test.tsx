// @vitest-environment happy-dom
import { act } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../ui/link.tsx';
import { describe, expect, it, vi } from 'vitest';
import { click, getByRoleName } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { Header } from './header.tsx';
import { ScrollPosition } from './scroll-position.tsx';

setupComponentTests();

const scrollTo = async (y: number) =>
  act(async () => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  });

describe('scrolling', () => {
  it('when the page scrolls down past the top, then the header hides, and scrolling up shows it again', async () => {
    mockFetch({ 'GET /api/categories': { body: [] } });
    const { container } = await renderWithApp(<Header />);
    const header = container.querySelector('header') as HTMLElement;
    await scrollTo(0);
    await scrollTo(40);
    expect(header.dataset.hidden).toBe('false');
    await scrollTo(400);
    expect(header.dataset.hidden).toBe('true');
    await scrollTo(300);
    expect(header.dataset.hidden).toBe('false');
  });

  it('when the route changes, then the page scrolls to the top', async () => {
    const spy = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { container } = await renderWithApp(
      <>
        <ScrollPosition />
        <Link to="/cart">Go to cart</Link>
      </>,
    );
    spy.mockClear();
    await click(getByRoleName(container, 'link', 'Go to cart'));
    expect(spy).toHaveBeenCalledWith(0, 0);
  });

  it('when the shopper goes Back or Forward, then the page returns to where it was left; a link still opens at the top', async () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
    const spy = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    function History() {
      const navigate = useNavigate();
      return (
        <>
          <button onClick={() => navigate(-1)}>Back</button>
          <button onClick={() => navigate(1)}>Forward</button>
        </>
      );
    }
    const { container, path } = await renderWithApp(
      <>
        <ScrollPosition />
        <History />
        <Link to="/product-list">Products</Link>
        <Link to="/product-details/p1">Dell XPS 13</Link>
      </>,
      { raw: true },
    );
    await click(getByRoleName(container, 'link', 'Products'));
    await scrollTo(1200);
    spy.mockClear();
    await click(getByRoleName(container, 'link', 'Dell XPS 13'));
    expect(spy).toHaveBeenLastCalledWith(0, 0);
    await scrollTo(300);

    await click(getByRoleName(container, 'button', 'Back'));
    expect(path()).toBe('/product-list');
    expect(spy).toHaveBeenLastCalledWith(0, 1200);
    await click(getByRoleName(container, 'button', 'Forward'));
    expect(path()).toBe('/product-details/p1');
    expect(spy).toHaveBeenLastCalledWith(0, 300);

    await click(getByRoleName(container, 'button', 'Back'));
    await click(getByRoleName(container, 'link', 'Dell XPS 13'));
    expect(spy).toHaveBeenLastCalledWith(0, 0);
  });
});
