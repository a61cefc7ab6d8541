import type { Page } from '@playwright/test';
import { ACCESS_ATTRIBUTES } from '../../../client/features/kiosk/access/access-styles.ts';
import { kioskTouchCss, outsideLinkSelector, TOUCH_TARGET_PX } from '../../../client/features/kiosk/touch/touch-rules.ts';
import { holdLogo, login, SHORT_EXIT_HOLD, touchToStart } from '../support/journeys.ts';
import { DEMO_USER, expect, test } from '../support/shop.ts';
import { axeProblems, smallText } from '../kiosk/kiosk-measure.ts';
import { lowerLayoutProblems, setLowerLayout } from '../kiosk/kiosk-access.ts';
import { homeToAProduct } from '../kiosk/kiosk-support.ts';
import { KIOSK_LANDSCAPE, KIOSK_PORTRAIT, lineRowProblems, outsideLinksShown, saveScreen, settled, smallTargets } from './screens.ts';

test.use({ shopEnv: SHORT_EXIT_HOLD });

/**
 * Kiosk mode's touch rules (client/features/kiosk/touch) measured on the shop's real pages at
 * both kiosk sizes: every visible focusable or clickable element at 64 × 64 px or more.
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
  return [
    '/',
    '/product-list',
    '/product-list/category/Books',
    '/product-list/search/a',
    product ?? '/',
    '/cart',
    '/login',
    '/register',
    '/no-such-page',
  ];
};

/** A file name that stays the same from run to run (no product id). */
const screenName = (path: string) =>
  path === '/'
    ? 'home'
    : path
        .slice(1)
        .replace(/^product-details\/.*/, 'product-details')
        .replace(/\//g, '_');

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

test('when the kiosk touch rules hold on every shop page at both kiosk sizes, then every visible focusable or clickable element is 64 × 64 px or more', async ({
  page,
}) => {
  await measure(page, await shopPages(page));
});

test('when a shopper logged in at the kiosk opens the user pages with the touch rules, then every target is 64 × 64 px or more', async ({
  page,
}) => {
  await login(page, DEMO_USER);
  await measure(page, ['/user', '/user/my-orders', '/user/cart-details']);
});

/** Kiosk text: body text at least this big, in CSS pixels. */
const KIOSK_TEXT_PX = 20;

/**
 * What the kiosk shows now, measured: small text, small targets, outside links, and axe's
 * violations (with the accessibility mode's High contrast on if `highContrast`), under `where`.
 */
const checkKiosk = async (
  page: Page,
  where: string,
  found: Record<string, string[]>,
  size: { name: string; width: number },
  highContrast: boolean,
) => {
  await saveScreen(page, size, where.replace(/ /g, '-'));
  const problems = [
    ...(await smallText(page, KIOSK_TEXT_PX)),
    ...(await smallTargets(page, TOUCH_TARGET_PX)),
    ...(await outsideLinksShown(page, outsideLinkSelector(new URL(page.url()).origin))),
    ...(await axeProblems(page, highContrast ? ACCESS_ATTRIBUTES.highContrast : null)),
  ];
  if (problems.length > 0) found[where] = problems;
};

/** The fixed bar at the screen's foot: the cart's total and the next step. */
const kioskBar = (page: Page) => page.getByRole('complementary', { name: 'Your cart and next step' });

/**
 * A shopper's whole visit at one kiosk size, each page once: attract, home, a list, a product,
 * the cart, login (with the on-screen keyboard), register, checkout and the placed order, and the
 * staff's PIN pad. Text at least 20 px, every target at least 64 px, the bar fixed at the foot,
 * and no axe violation: one walk with the mode's High contrast off, the other with it on (and
 * WCAG AAA's contrast), since one axe run a page is what the walk's time allows.
 */
const walkTheKiosk = async (page: Page, size: typeof KIOSK_PORTRAIT, highContrast: boolean) => {
  test.setTimeout(120_000);
  const found: Record<string, string[]> = {};
  const check = (where: string) => checkKiosk(page, where, found, { name: `${size.name}-kiosk`, width: size.width }, highContrast);
  /** The mode's Lower layout on this page: every control, and the on-screen keyboard, in the screen's lower half. */
  const lower = async (where: string, keepOn = false) => {
    const problems = await lowerLayoutProblems(page, keepOn);
    if (problems.length > 0) found[`Lower layout: ${where}`] = problems;
  };
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.goto('/kiosk');
  await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
  await check('attract screen');
  await touchToStart(page);
  await expect(page.getByRole('link', { name: /^Go to the Category/ }).first()).toBeVisible();
  // the rules are on: no selection, no pinch zoom
  expect(
    await page.evaluate(() => [getComputedStyle(document.body).userSelect, getComputedStyle(document.documentElement).touchAction]),
  ).toEqual(['none', 'pan-x pan-y']);
  await expect(kioskBar(page)).toContainText('Cart total: $0.00');
  await homeToAProduct(page, check);
  // a public terminal takes no reviews, and its stars are big enough to read from a step back
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(page.getByText('Login first to write a review')).toHaveCount(0);
  const stars = page
    .getByRole('main')
    .getByRole('img', { name: /^Rated / })
    .first();
  expect(await stars.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(20);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(kioskBar(page)).not.toContainText('Cart total: $0.00');
  await kioskBar(page).getByRole('link', { name: 'View cart' }).click();
  await expect(page.getByRole('list', { name: 'Products in your cart' })).toBeVisible();
  // the bar sits fixed at the foot of the screen, with the next step
  const bar = await kioskBar(page).boundingBox();
  expect(bar && Math.round(bar.y + bar.height)).toBe(size.height);
  await expect(kioskBar(page).getByRole('link', { name: 'Proceed' })).toBeVisible();
  await check('cart');
  await lower('cart');
  const rows = (name: string) => lineRowProblems(page.getByRole('list', { name }));
  expect(await rows('Products in your cart'), 'the cart: picture, name, price, quantity and Remove on one row').toEqual([]);
  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(kioskBar(page).getByRole('button', { name: 'Log in' })).toBeVisible();
  await check('login');
  // The keyboard opened in Lower layout (it docks as it opens): its box and every control in the lower half.
  await setLowerLayout(page, true);
  await page.getByLabel('Email address').click();
  await expect(page.locator('.hg-button').first()).toBeVisible();
  // The keyboard's first opening: once its keys are drawn, the bar's Log in still takes a tap above them.
  await kioskBar(page).getByRole('button', { name: 'Log in' }).click({ trial: true, timeout: 5_000 });
  await lower('login with the on-screen keyboard', true);
  await check('login with the on-screen keyboard, in Lower layout');
  await page.getByRole('button', { name: 'Close keyboard' }).click();
  await setLowerLayout(page, false);
  await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
  await check('register');
  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
  // The register page, still shown while the route changes, has an "Email address" too: fill the login page's.
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await page.getByLabel('Email address').fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  // With the keyboard's keys drawn, the bar's Log in sits above them (the click fails if they cover it).
  await expect(page.locator('.hg-button').first()).toBeVisible();
  await kioskBar(page).getByRole('button', { name: 'Log in' }).click({ timeout: 10_000 });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  if (!highContrast) {
    // The profile on a public screen: the address reads ••• on file until Show has the shopper's password.
    await page.getByRole('banner').locator('summary').click();
    await page.getByRole('link', { name: 'My profile' }).click();
    const onFile = page.getByRole('region', { name: 'Address and phone' });
    await expect(onFile.getByLabel('City', { exact: true })).toHaveValue('••• on file');
    await onFile.getByRole('button', { name: 'Show', exact: true }).click();
    await onFile.getByLabel('Your password').fill(DEMO_USER.password);
    await onFile.getByLabel('Your password').press('Enter');
    await expect(page.getByLabel('City', { exact: true })).not.toHaveValue(/on file|Not given/);
  }
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Cart, / })
    .click();
  await kioskBar(page).getByRole('link', { name: 'Proceed' }).click();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  await check('checkout');
  await lower('checkout');
  // The chat opened in Lower layout, its field taking the focus and the on-screen keyboard with it.
  await setLowerLayout(page, true);
  await page.getByRole('button', { name: 'Open support chat' }).click();
  await expect(page.locator('.hg-button').first()).toBeVisible();
  await lower('the support chat, open, with the on-screen keyboard', true);
  await page.getByRole('button', { name: 'Close keyboard' }).click();
  await page.getByRole('button', { name: 'Minimise support chat' }).click();
  await setLowerLayout(page, false);
  expect(await rows('Order items'), 'the checkout: each item on one row').toEqual([]);
  await page.getByLabel('Choose how you pay').selectOption('cod');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Wait for your order. You pay on delivery')).toBeVisible();
  await check('placed order');
  expect(await rows('Order items'), 'the placed order: each item on one row').toEqual([]);
  // the way out for staff: the logo held (KIOSK_EXIT_HOLD_SECONDS) opens the PIN pad
  await expect(await holdLogo(page)).toBeVisible();
  await check('PIN pad');
  expect(found).toEqual({});
};

test('when a shopper uses the kiosk in portrait (1080 × 1920), then every page has text of 20 px or more, targets of 64 px or more, the cart bar at the foot and no axe violation', async ({
  page,
}) => {
  await walkTheKiosk(page, KIOSK_PORTRAIT, false);
});

test('when a shopper uses the kiosk in landscape (1920 × 1080) with High contrast, then every page has text of 20 px or more, targets of 64 px or more, the cart bar at the foot, and no axe violation, 7:1 contrast included', async ({
  page,
}) => {
  await walkTheKiosk(page, KIOSK_LANDSCAPE, true);
});

test('when a shopper taps the kiosk search, then the on-screen keyboard opens without covering it, and its keys type and search', async ({
  page,
}) => {
  await page.setViewportSize({
    width: KIOSK_PORTRAIT.width,
    height: KIOSK_PORTRAIT.height,
  });
  await touchToStart(page);
  const search = page.getByRole('searchbox', { name: 'Search products' });
  await search.click();
  const keyboard = page.getByRole('region', { name: 'On-screen keyboard' });
  await expect(keyboard).toBeVisible();
  for (const key of ['b', 'o', 'o', 'k']) await keyboard.locator(`.hg-button[data-skbtn="${key}"]`).click();
  await expect(search).toHaveValue('book');
  await expect(search).toBeFocused();
  const [field, keys] = [await search.boundingBox(), await keyboard.boundingBox()];
  expect(field && keys && (field.y + field.height <= keys.y || field.y >= keys.y + keys.height)).toBe(true);
  await keyboard.locator('.hg-button[data-skbtn="{enter}"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/book/i);
  await search.click();
  await keyboard.getByRole('button', { name: 'Close keyboard' }).click();
  await expect(keyboard).toBeHidden();
});

test('when a shopper types in the support chat at the kiosk, then the keyboard opens at the top, clear of the chat’s field, and the cart bar stays at the foot', async ({
  page,
}) => {
  await page.setViewportSize({ width: KIOSK_PORTRAIT.width, height: KIOSK_PORTRAIT.height });
  await touchToStart(page);
  await page.getByRole('button', { name: 'Open support chat' }).click();
  const message = page.getByLabel('Your message');
  await message.click();
  const keyboard = page.getByRole('region', { name: 'On-screen keyboard' });
  await expect(page.locator('.hg-button').first()).toBeVisible();
  // Placed once its keys are drawn (the panel measures its bar alone at first).
  await expect.poll(async () => (await keyboard.boundingBox())?.y).toBe(0);
  const [keys, field, bar] = [await keyboard.boundingBox(), await message.boundingBox(), await kioskBar(page).boundingBox()];
  expect(keys && field && field.y >= keys.y + keys.height).toBe(true);
  expect(bar && Math.round(bar.y + bar.height)).toBe(KIOSK_PORTRAIT.height);
  expect(bar && field && field.y + field.height <= bar.y).toBe(true);
  for (const key of ['h', 'i']) await keyboard.locator(`.hg-button[data-skbtn="${key}"]`).click();
  await expect(message).toHaveValue('hi');
});

/** The scripts and styles the page fetched that carry the keyboard library (its default theme's class). */
const keyboardFiles = (page: Page) => {
  const found: string[] = [];
  page.on('response', async (response) => {
    if (!/\.(js|css)$/.test(new URL(response.url()).pathname)) return;
    const body = await response.text().catch(() => '');
    if (body.includes('hg-theme-default')) found.push(new URL(response.url()).pathname);
  });
  return found;
};

test('when the plain shop loads and its search gets focus, then no keyboard code is fetched; on the kiosk the first focus fetches it', async ({
  page,
}) => {
  const fetched = keyboardFiles(page);
  await page.setViewportSize({
    width: KIOSK_PORTRAIT.width,
    height: KIOSK_PORTRAIT.height,
  });
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search products' }).click();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);

  await touchToStart(page);
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);
  await page.getByRole('searchbox', { name: 'Search products' }).click();
  await expect(page.getByRole('region', { name: 'On-screen keyboard' })).toBeVisible();
  await expect.poll(() => fetched.length).toBeGreaterThan(0);
});

test('when the measure meets a target smaller than 64 px, then it reports it (the check can fail)', async ({ page }) => {
  await page.setViewportSize({
    width: KIOSK_PORTRAIT.width,
    height: KIOSK_PORTRAIT.height,
  });
  await page.goto('/');
  await settled(page);
  expect((await smallTargets(page, TOUCH_TARGET_PX)).length).toBeGreaterThan(0);
});
