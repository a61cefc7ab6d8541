import type { Page } from '@playwright/test';
import { expect, test } from '../support/shop.ts';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('when the shopper goes Back from a product, then the list is where they left it; a link opens a page at the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/product-list');
  const cards = page.getByRole('link', { name: /^See product / });
  await expect(cards.nth(3)).toBeVisible();
  await page.mouse.wheel(0, 900);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);

  // A card in view, so clicking it does not scroll the list first.
  const inView = await cards.evaluateAll((links) =>
    links.findIndex((a) => {
      const box = a.getBoundingClientRect();
      return box.top > 80 && box.bottom < window.innerHeight;
    }),
  );
  expect(inView).toBeGreaterThanOrEqual(0);
  const left = await scrollY(page);
  await cards.nth(inView).click();
  await expect(page).toHaveURL(/\/product-details\//);
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/product-list$/);
  await expect.poll(() => scrollY(page)).toBe(left);

  await page.goForward();
  await expect(page).toHaveURL(/\/product-details\//);
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect.poll(() => scrollY(page)).toBe(left);
  await page
    .getByRole('link', { name: /^See product / })
    .nth(inView)
    .click();
  await expect(page).toHaveURL(/\/product-details\//);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('when the shopper scrolls a list before the page has become interactive, then Back from a product still returns there', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  // The shop's script waits until the shopper has scrolled the server-rendered list.
  let scrolled = (): void => undefined;
  const afterScroll = new Promise<void>((resolve) => (scrolled = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await afterScroll;
    await route.continue();
  });
  await page.goto('/product-list', { waitUntil: 'commit' });
  const cards = page.getByRole('link', { name: /^See product / });
  await expect(cards.nth(3)).toBeVisible();
  await page.mouse.wheel(0, 900);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
  const left = await scrollY(page);
  scrolled();
  // Interactive once the header shows who is there (the server renders nobody yet).
  await expect(page.getByRole('navigation', { name: 'Account and cart' }).getByText(/^Login$/)).toBeVisible();
  await page.waitForLoadState('networkidle');

  const inView = await cards.evaluateAll((links) =>
    links.findIndex((a) => {
      const box = a.getBoundingClientRect();
      return box.top > 80 && box.bottom < window.innerHeight;
    }),
  );
  await cards.nth(inView).click();
  await expect(page).toHaveURL(/\/product-details\//);
  await page.goBack();
  await expect(page).toHaveURL(/\/product-list$/);
  await expect.poll(() => scrollY(page)).toBe(left);
});
