// @vitest-environment happy-dom
import { act } from 'react';
import { Link } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { click, getByRoleName } from '../../app/testing/dom.ts';
import { mockFetch } from '../../app/testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../app/testing/render.tsx';
import { Header } from './header.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

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
        <ScrollToTop />
        <Link to="/cart">Go to cart</Link>
      </>,
    );
    spy.mockClear();
    await click(getByRoleName(container, 'link', 'Go to cart'));
    expect(spy).toHaveBeenCalledWith(0, 0);
  });
});
