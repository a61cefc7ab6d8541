// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ProductSummary } from '#contracts/product.ts';
import { click, getByRoleName } from '../../testing/dom.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { BestsellerCarousel } from './bestseller-carousel.tsx';

setupComponentTests();

const product = (n: number, description = `Description ${n}`): ProductSummary => ({
  _id: `p${n}`,
  name: `Product ${n}`,
  description,
  price: 10 * n,
  count: 5,
  images: [{ path: `/images/p${n}.png` }],
  rating: 4,
  reviewsNumber: 2,
  category: n === 1 ? 'Computers/Laptops' : `Category${n}`,
  attrs: [],
});

const long = 'x'.repeat(150) + 'y'.repeat(100);

async function renderCarousel(products = [product(1, long), product(2), product(3)]) {
  vi.useFakeTimers();
  const view = await renderWithApp(<BestsellerCarousel products={products} />);
  const region = view.container.querySelector('[aria-roledescription="carousel"]') as HTMLElement;
  const active = () => region.querySelector('[aria-roledescription="slide"]:not([hidden])') as HTMLElement;
  const wait = async (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
  return { ...view, region, active, wait };
}

const fire = async (el: Element, event: Event) => act(async () => void el.dispatchEvent(event));

describe('bestseller carousel', () => {
  it('when shown, then each slide links "Bestseller in {category} Category" to its product and cuts the description at 200 characters', async () => {
    const { active } = await renderCarousel();
    const link = active().querySelector('h2 a') as HTMLAnchorElement;
    expect(link.textContent).toBe('Bestseller in Computers/Laptops Category');
    expect(link.getAttribute('href')).toBe('/product-details/p1');
    expect(active().querySelector('p')?.textContent).toBe(`${'x'.repeat(150)}${'y'.repeat(50)}...`);
    const img = active().querySelector('img') as HTMLImageElement;
    expect([img.getAttribute('src'), img.getAttribute('height'), img.getAttribute('loading')]).toEqual(['/images/p1.png', '300', 'eager']);
  });

  it('when 5000 ms pass, then the next slide shows, and after the last the first again', async () => {
    const { active, wait } = await renderCarousel();
    await wait(4999);
    expect(active().getAttribute('aria-label')).toBe('1 of 3');
    await wait(1);
    expect(active().getAttribute('aria-label')).toBe('2 of 3');
    await wait(10_000);
    expect(active().getAttribute('aria-label')).toBe('1 of 3');
  });

  it('when the pause button is pressed, then the slides stay until play is pressed', async () => {
    const { container, active, wait } = await renderCarousel();
    await click(getByRoleName(container, 'button', /Pause slide show/));
    await wait(20_000);
    expect(active().getAttribute('aria-label')).toBe('1 of 3');
    await click(getByRoleName(container, 'button', /Play slide show/));
    await wait(5000);
    expect(active().getAttribute('aria-label')).toBe('2 of 3');
  });

  it('when the pointer rests on the carousel, then it holds, and moves on once the pointer leaves', async () => {
    const { region, active, wait } = await renderCarousel();
    await fire(region, new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }));
    await wait(15_000);
    expect(active().getAttribute('aria-label')).toBe('1 of 3');
    await fire(region, new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
    await wait(5000);
    expect(active().getAttribute('aria-label')).toBe('2 of 3');
  });

  it('when the arrow keys are pressed, then the slides move next and back', async () => {
    const { region, active } = await renderCarousel();
    await fire(region, new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(active().getAttribute('aria-label')).toBe('3 of 3');
    await fire(region, new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(active().getAttribute('aria-label')).toBe('1 of 3');
  });

  it('when swiped left over 40 px, then the next slide shows; a 40 px swipe is not enough', async () => {
    const { region, active } = await renderCarousel();
    const swipe = async (from: number, to: number) => {
      await fire(region, new PointerEvent('pointerdown', { bubbles: true, clientX: from }));
      await fire(region, new PointerEvent('pointerup', { bubbles: true, clientX: to }));
    };
    await swipe(200, 160);
    expect(active().getAttribute('aria-label')).toBe('1 of 3');
    await swipe(200, 159);
    expect(active().getAttribute('aria-label')).toBe('2 of 3');
    await swipe(100, 150);
    expect(active().getAttribute('aria-label')).toBe('1 of 3');
  });

  it('when a slide is not the first, then its image waits to load until needed', async () => {
    const { region } = await renderCarousel();
    const images = [...region.querySelectorAll('img')].map((i) => i.getAttribute('loading'));
    expect(images).toEqual(['eager', 'lazy', 'lazy']);
  });
});
