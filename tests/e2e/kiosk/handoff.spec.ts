import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/shop.ts';

/**
 * Buying at the kiosk: the cart handed to a phone by a one-time QR link. The phone
 * half runs in fresh browser contexts (another device: no cookie, no storage in common).
 */

/** A guest puts two of the first book in the cart; answers the product's name. */
const addABook = async (page: Page): Promise<string> => {
  await page.getByRole('link', { name: 'Go to the Category Books' }).click();
  await page
    .getByRole('link', { name: /^See product / })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  await page.getByLabel('Quantity').selectOption('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  return name;
};

/** Opens the link on "another phone" and answers that page. */
const openOnPhone = async (browser: Browser, baseURL: string, link: string): Promise<Page> => {
  const phone = await browser.newContext({ baseURL });
  const page = await phone.newPage();
  await page.goto(link);
  return page;
};

/** The cart on a page: its lines' quantities and the subtotal line (the kiosk shows names as text, the shop as links). */
const cartOf = async (page: Page) => ({
  lines: await page.getByRole('list', { name: 'Products in your cart' }).getByRole('listitem').count(),
  quantities: await page
    .getByRole('list', { name: 'Products in your cart' })
    .getByRole('combobox')
    .evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value)),
  summary: (
    await page
      .getByRole('complementary', { name: 'Cart summary' })
      .getByText(/^Price:/)
      .textContent()
  )?.trim(),
});

test("when the kiosk's link is opened on a phone, then the same cart is there once, and the same link again says it was used", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/kiosk');
  await page.getByRole('button', { name: 'Touch to start' }).click();
  const name = await addABook(page);
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(page.getByRole('list', { name: 'Products in your cart' }).getByText(name).first()).toBeVisible();
  const kioskCart = await cartOf(page);

  await page.getByRole('button', { name: 'Continue on your phone' }).click();
  const qr = page.getByRole('img', { name: /^QR code of the link to your cart/ });
  await expect(qr).toBeVisible();
  await expect(page.getByText(/The code works once, until/)).toBeVisible();
  const link = (await qr.getAttribute('data-link')) ?? '';
  expect(link).toMatch(/\/handoff#[\w-]{43}$/);

  const phone = await openOnPhone(browser, baseURL!, link);
  await expect(phone.getByText('Your cart from the kiosk is here.')).toBeVisible();
  await expect(phone.getByRole('link', { name })).toBeVisible();
  expect(await cartOf(phone)).toEqual(kioskCart);

  const second = await openOnPhone(browser, baseURL!, link);
  await expect(second.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await expect(second.getByRole('link', { name: 'Go to the shop' })).toBeVisible();

  // The kiosk learnt that the phone took the cart: the used code is gone (handoff-claimed.spec.ts: the thank-you and the reset).
  await expect(qr).toBeHidden();
});

test("when a link is opened on a phone, then the phone's cart outlives a reload that finds the link used, and a forged link is not valid", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/');
  const name = await addABook(page);
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  // The cart page is a lazy chunk: read its lines once they show, not the empty page before.
  await expect(page.getByRole('list', { name: 'Products in your cart' }).getByRole('listitem').first()).toBeVisible();
  const shopCart = await cartOf(page);

  // The call the kiosk's `Continue on your phone` makes, from a plain tab: the phone's side does not care who asked.
  const lines = await page.evaluate(() =>
    (JSON.parse(localStorage.getItem('cart') ?? '{}') as { items: { productID: string; quantity: number }[] }).items.map((i) => ({
      productID: i.productID,
      quantity: i.quantity,
    })),
  );
  const made = await page.request.post('/api/handoffs', { data: { lines }, headers: { 'x-csrf': '1' } });
  expect(made.status()).toBe(201);
  const { token } = (await made.json()) as { token: string };
  const link = `/handoff#${token}`;

  const phone = await openOnPhone(browser, baseURL!, link);
  await expect(phone.getByText('Your cart from the kiosk is here.')).toBeVisible();
  await expect(phone.getByRole('link', { name })).toBeVisible();
  expect(await cartOf(phone)).toEqual(shopCart);
  // The phone's cart is its own now: it survives a reload, which finds the link used.
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  const second = await openOnPhone(browser, baseURL!, link);
  await expect(second.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await expect(second.getByRole('link', { name: 'Go to the shop' })).toBeVisible();
  await expect(second.getByRole('link', { name: /^Cart/ })).not.toHaveText(/\d/);

  const forged = await openOnPhone(browser, baseURL!, `/handoff#${'x'.repeat(43)}`);
  await expect(forged.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
});
