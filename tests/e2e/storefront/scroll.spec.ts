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
  const inView = await cards.evaluateAll((links) => links.findIndex((a) => {
    const box = a.getBoundingClientRect();
    return box.top > 80 && box.bottom < window.innerHeight;
  }));
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
  await page.getByRole('link', { name: /^See product / }).nth(inView).click();
  await expect(page).toHaveURL(/\/product-details\//);
  await expect.poll(() => scrollY(page)).toBe(0);
});
