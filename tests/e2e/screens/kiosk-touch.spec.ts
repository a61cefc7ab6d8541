import type { Page } from '@playwright/test';
import { kioskTouchCss, outsideLinkSelector, TOUCH_TARGET_PX } from '../../../client/features/kiosk/touch/touch-rules.ts';
import { login } from '../support/journeys.ts';
import { DEMO_USER, expect, test } from '../support/shop.ts';
import { KIOSK_LANDSCAPE, KIOSK_PORTRAIT, outsideLinksShown, saveScreen, settled, smallTargets } from './screens.ts';

/**
 * Kiosk mode's touch rules (client/features/kiosk/touch) measured on the shop's real pages at
 * both kiosk sizes: every visible focusable or clickable element at 44 × 44 px or more.
 */

/** The rules exactly as KioskTouch puts them on the page, laid over a page of the plain shop. */
const withTouchRules = async (page: Page) => {
  const origin = new URL(page.url()).origin;
  await page.addStyleTag({ content: kioskTouchCss(origin) });
};

const shopPages = async (page: Page) => {
  await page.goto('/product-list');
  await settled(page);
  const product = await page.locator('main a[href^="/product-details/"]').first().getAttribute('href');
  return ['/', '/product-list', '/product-list/category/Books', '/product-list/search/a', product ?? '/', '/cart', '/login', '/register', '/no-such-page'];
};

/** A file name that stays the same from run to run (no product id). */
const screenName = (path: string) => (path === '/' ? 'home' : path.slice(1).replace(/^product-details\/.*/, 'product-details').replace(/\//g, '_'));

const measure = async (page: Page, paths: string[]) => {
  const found: Record<string, string[]> = {};
  for (const size of [KIOSK_PORTRAIT, KIOSK_LANDSCAPE]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const path of paths) {
      await page.goto(path);
      await settled(page);
      await withTouchRules(page);
      const small = await smallTargets(page, TOUCH_TARGET_PX);
      const outside = await outsideLinksShown(page, outsideLinkSelector(new URL(page.url()).origin));
      if (small.length + outside.length > 0) found[`${size.name} ${path}`] = [...small, ...outside];
      await saveScreen(page, { ...size, name: `${size.name}-touch` }, screenName(path));
    }
  }
  expect(found).toEqual({});
};

test.describe.configure({ timeout: 180_000 });

test('when the kiosk touch rules hold on every shop page at both kiosk sizes, then every visible focusable or clickable element is 44 × 44 px or more', async ({ page }) => {
  await measure(page, await shopPages(page));
});

test('when a shopper logged in at the kiosk opens the user pages with the touch rules, then every target is 44 × 44 px or more', async ({ page }) => {
  await login(page, DEMO_USER);
  await measure(page, ['/user', '/user/my-orders', '/user/cart-details']);
});

test('when the measure meets a target smaller than 44 px, then it reports it (the check can fail)', async ({ page }) => {
  await page.setViewportSize({ width: KIOSK_PORTRAIT.width, height: KIOSK_PORTRAIT.height });
  await page.goto('/');
  await settled(page);
  expect((await smallTargets(page, TOUCH_TARGET_PX)).length).toBeGreaterThan(0);
});
