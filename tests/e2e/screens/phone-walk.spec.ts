import type { Locator, Page } from '@playwright/test';
import { bookInCart, loginByApi, openFirstBook } from '../support/journeys.ts';
import { DEMO_USER, expect, test } from '../support/shop.ts';
import { overlaps, PHONE, settled, type Box } from './screens.ts';

/** What the walk on a phone found, each checked at the narrowest supported width. */
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
});

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
};

/** Rows of the header: its visible controls grouped by where their middles sit. */
const headerRows = (page: Page) =>
  page.locator('header').evaluate((header) => {
    // checkVisibility leaves out a closed menu's items, which still have boxes in Chromium
    const middles = [...header.querySelectorAll<HTMLElement>('a, button, input, select, summary')]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }))
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 1 && r.height > 1)
      .map((r) => r.top + r.height / 2)
      .sort((a, b) => a - b);
    const last = (rows: number[]) => rows[rows.length - 1] ?? -Infinity;
    return middles.reduce<number[]>((rows, m) => (m - last(rows) < 12 ? rows : [...rows, m]), []).length;
  });

test('when a phone shows the header search, then its placeholder "Type to search ..." is fully visible', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await expect(search).toHaveAttribute('placeholder', 'Type to search ...');
  const room = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(input.placeholder).width, inner };
  });
  expect(room.text).toBeLessThanOrEqual(room.inner);
});

test('when the cart has a badge on a phone, then the header keeps to two rows, for a visitor and for a logged-in customer', async ({
  page,
}) => {
  await bookInCart(page);
  expect(await headerRows(page)).toBeLessThanOrEqual(2);
  await loginByApi(page.request, DEMO_USER);
  await bookInCart(page);
  await expect(page.getByRole('link', { name: /^Cart, \d+ items?/ })).toBeVisible();
  expect(await headerRows(page)).toBeLessThanOrEqual(2);
});

test('when a phone scrolls to the bottom, then the chat button covers none of the footer text', async ({ page }) => {
  await page.goto('/cart');
  await settled(page);
  const launcher = page.getByRole('button', { name: 'Open support chat' });
  await expect(launcher).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
  const chat = await boxOf(launcher);
  // the boxes of the text's lines, not the footer's (whose background may run under the button)
  const lines = await page.locator('footer p').evaluate((p) => {
    const range = document.createRange();
    range.selectNodeContents(p);
    return [...range.getClientRects()].map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
  });
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.filter((line) => overlaps(line, chat))).toEqual([]);
});

test('when "User created" shows on a phone, then the toast does not cover the chat button', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Your name').fill('Pat');
  await page.getByLabel('Your last name').fill('Phone');
  await page.getByLabel('Email address').fill(`pat-${Date.now()}@phone.test`);
  await page.getByLabel('Password', { exact: true }).fill('Phone-pass-2026');
  await page.getByLabel('Repeat Password').fill('Phone-pass-2026');
  await page.getByRole('button', { name: 'Submit' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'User created' });
  await expect(toast).toBeVisible();
  const launcher = page.getByRole('button', { name: 'Open support chat' });
  await expect(launcher).toBeVisible();
  expect(overlaps(await boxOf(toast), await boxOf(launcher))).toBe(false);
});

test('when a shopper on a phone taps Add to cart at the bottom of the screen, then the "in your cart" banner is in view', async ({
  page,
}) => {
  await openFirstBook(page);
  const add = page.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeVisible();
  // as a thumb scrolls: just far enough for the button to show at the bottom edge
  await add.evaluate((button) => {
    window.scrollTo(0, 0);
    window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 8);
  });
  await add.click();
  const banner = page.getByRole('status').filter({ hasText: 'in your cart' });
  await expect(banner).toBeInViewport({ ratio: 1 });
  const goToCart = page.getByRole('link', { name: 'Go to cart' });
  expect(overlaps(await boxOf(goToCart), await boxOf(page.getByRole('button', { name: 'Open support chat' })))).toBe(false);
});
