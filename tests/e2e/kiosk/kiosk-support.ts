import type { Page } from '@playwright/test';
import { expect } from '../support/shop.ts';

/** Short kiosk timers, so an idle reset takes seconds. */
export const KIOSK_TEST_ENV = { KIOSK_IDLE_SECONDS: '4', KIOSK_WARNING_SECONDS: '3', KIOSK_HANDOFF_SECONDS: '6' };

/** Opens /kiosk and touches the attract screen: the shop's home under the kiosk shell. */
export const startKiosk = async (page: Page) => {
  await page.goto('/kiosk');
  await page.getByRole('button', { name: 'Touch to start' }).click();
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
};

/** Logs in through the header's Login link and the form, as a shopper at the kiosk does. */
export const kioskLogin = async (page: Page, who: { email: string; password: string }) => {
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  // The page it comes from may have an "Email address" too (register), still shown while the route changes.
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  // The on-screen keyboard opened with the field and lies over the form's button: a shopper closes it first.
  const close = page.getByRole('button', { name: 'Close keyboard' });
  if (await close.isVisible()) {
    await close.click();
    // Gone before the next touch: a keyboard still sliding away moves the form under the finger.
    await expect(page.getByRole('button', { name: 'Close keyboard' })).toBeHidden();
  }
  // The bar's next step, fixed at the foot: the form's own button can sit under the sliding header.
  await page.getByRole('complementary', { name: 'Your cart and next step' }).getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0);
};

/** Puts the first book in the cart by touch: home → Books → a product → Add to cart. */
export const addABook = async (page: Page) => {
  await page
    .getByRole('banner')
    .getByRole('link', { name: /Statefront/ })
    .first()
    .click();
  await page.getByRole('link', { name: 'Go to the Category Books' }).click();
  await page
    .getByRole('link', { name: /^See product / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
};

/** From the kiosk's home through Books to its first product, calling `check` on each page once it shows. */
export const homeToAProduct = async (page: Page, check: (where: string) => Promise<void>) => {
  await check('home');
  await page.getByRole('link', { name: 'Go to the Category Books' }).click();
  await expect(page.getByRole('link', { name: /^See product / }).first()).toBeVisible();
  await check('product list');
  await page
    .getByRole('link', { name: /^See product / })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  await check('product details');
};

/**
 * Puts a recorder in place of the browser's speech synthesis before the page's scripts run:
 * `spoken()` gives every text the kiosk said, in order (headless Chromium has no voice to hear).
 */
export const observeSpeech = async (page: Page) => {
  await page.addInitScript(() => {
    const said: string[] = [];
    Object.assign(window, { kioskSpoken: said });
    const synth = { speak: (u: SpeechSynthesisUtterance) => void said.push(u.text), cancel: () => undefined, getVoices: () => [] };
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: synth });
  });
  return () => page.evaluate(() => (window as unknown as { kioskSpoken: string[] }).kioskSpoken.slice());
};
