import type { Page } from '@playwright/test';
import { bookInCart, loginByApi } from '../support/journeys.ts';
import { DEMO_USER, expect, test } from '../support/shop.ts';

// What React says when hydration fails, in development and (as error numbers) in production builds.
const HYDRATION_TROUBLE = /hydrat|did not match|server rendered|Minified React error #(418|419|422|423|425)/i;

/**
 * Watches a page load: console errors and uncaught errors that speak of hydration, the API
 * reads the page makes, and whether the first server-rendered element React found is still in
 * the document afterwards (a failed hydration throws the server's markup away and renders anew).
 */
const watch = async (page: Page) => {
  const troubles: string[] = [];
  const reads: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && HYDRATION_TROUBLE.test(m.text())) troubles.push(m.text());
  });
  page.on('pageerror', (e) => troubles.push(`${e.name}: ${e.message}`));
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/products') || pathname.startsWith('/api/categories')) reads.push(pathname);
  });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverMarkup: Element | null }).serverMarkup = document.querySelector('#root main');
    });
    // Layout shifts (the CLS Lighthouse reports), summed over the whole load.
    const w = window as unknown as { shifted: number };
    w.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.shifted += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    troubles,
    reads,
    /** True when the server's <main> was hydrated in place rather than replaced. */
    keptServerMarkup: () => page.evaluate(() => (window as unknown as { serverMarkup: Element | null }).serverMarkup?.isConnected === true),
    /** How far the page's content moved while it loaded (CLS; "good" is at most 0.1, the goal 0.05). */
    shifted: () => page.evaluate(() => (window as unknown as { shifted: number }).shifted),
  };
};

/** Hydration is over once the header shows who is there (the server renders nobody yet). */
const hydrated = async (page: Page, who: RegExp) => {
  await expect(page.getByRole('navigation', { name: 'Account and cart' }).getByText(who)).toBeVisible();
  await page.waitForLoadState('networkidle');
};

test('when a guest opens home, then the bestsellers come in the HTML, hydrate without a mismatch and are not fetched again', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<div id="root">.*Bestseller in/s);
  expect(html).toContain('<script id="shop-data" type="application/json">');
  const seen = await watch(page);
  await page.goto('/');
  await hydrated(page, /^Login$/);
  await expect(page.getByRole('group', { name: /^1 of / }).getByRole('img')).toHaveAttribute('fetchpriority', 'high');
  expect(seen.troubles).toEqual([]);
  expect(seen.reads).toEqual([]);
  expect(await seen.keptServerMarkup()).toBe(true);
});

test('when a guest opens a product list and a product, then each hydrates without a mismatch and asks nothing again', async ({
  page,
  request,
}) => {
  const books = await (await request.get('/product-list/category/Books')).text();
  expect(books).toMatch(/<div id="root">.*\$\d+\.\d\d/s);
  const seen = await watch(page);
  await page.goto('/product-list/category/Books');
  await hydrated(page, /^Login$/);
  await expect(page.locator('main img').first()).toHaveAttribute('fetchpriority', 'high');
  expect([seen.troubles, seen.reads, await seen.keptServerMarkup()]).toEqual([[], [], true]);

  const href = await page
    .getByRole('link', { name: /^See product / })
    .first()
    .getAttribute('href');
  const details = await page.context().newPage();
  const seenDetails = await watch(details);
  await details.goto(href!);
  await hydrated(details, /^Login$/);
  await expect(details.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(details.locator('main img').first()).toHaveAttribute('fetchpriority', 'high');
  expect([seenDetails.troubles, seenDetails.reads, await seenDetails.keptServerMarkup()]).toEqual([[], [], true]);
  // A page reached by the shop's own links asks the API as before.
  await details.getByRole('link', { name: 'Statefront', exact: true }).click();
  await expect(details.getByRole('heading', { name: 'Categories' })).toBeVisible();
  await expect.poll(() => seenDetails.reads).toContain('/api/products/bestsellers');
});

test('when a guest on a phone opens a product list and a product, then nothing on the screen moves while the page hydrates', async ({
  page,
}) => {
  // The list's and the product's pages are lazy chunks: hydrating before the chunk was in showed
  // their fallback for a moment, and the footer jumped into the screen and out (CLS 0.35).
  await page.setViewportSize({ width: 360, height: 640 });
  const href = await page.request
    .get('/api/products?pageNum=1')
    .then(async (r) => `/product-details/${((await r.json()) as { products: { _id: string }[] }).products[0]!._id}`);
  for (const url of ['/product-list', href]) {
    const seen = await watch(page);
    await page.goto(url);
    await hydrated(page, /^Login$/);
    expect(await seen.shifted(), url).toBeLessThan(0.05);
  }
});

test('when a guest opens home, a list and a product, then the console shows no error (no 401 from asking who is logged in)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  const sessionCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/session') sessionCalls.push(r.url());
  });
  const href = await page.request
    .get('/api/products?pageNum=1')
    .then(async (r) => `/product-details/${((await r.json()) as { products: { _id: string }[] }).products[0]!._id}`);
  for (const url of ['/', '/product-list', href]) {
    await page.goto(url);
    await hydrated(page, /^Login$/);
  }
  expect(errors).toEqual([]);
  expect(sessionCalls).toEqual([]);
});

test('when a logged-in shopper with a cart opens home, then their name and the cart badge show after hydration, without a mismatch', async ({
  page,
}) => {
  await loginByApi(page.request, DEMO_USER);
  await bookInCart(page);

  const seen = await watch(page);
  await page.goto('/');
  await hydrated(page, /^John Doe$/);
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  expect([seen.troubles, seen.reads, await seen.keptServerMarkup()]).toEqual([[], [], true]);
});
