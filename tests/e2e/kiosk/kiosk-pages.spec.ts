import type { Page } from '@playwright/test';
import { DEMO_USER, expect, test } from '../support/shop.ts';
import { addABook, homeToAProduct, KIOSK_TEST_ENV, kioskLogin, startKiosk } from './kiosk-support.ts';

// Long enough idle time that these walks never see the warning.
test.use({ shopEnv: { ...KIOSK_TEST_ENV, KIOSK_IDLE_SECONDS: '60' } });

/** Every link of the page: where it goes, and whether it opens a window or a download. */
const linksOf = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('a[href], area[href]')].map((a) => ({
      href: (a as HTMLAnchorElement).href,
      target: a.getAttribute('target'),
      download: a.hasAttribute('download'),
    })),
  );

test('when the shop cannot be reached, then a calm screen shows and the kiosk carries on by itself once it answers', async ({ page }) => {
  await startKiosk(page);
  // The calm screen probes GET /api/categories (the page had the categories already): count the probes.
  let probes = 0;
  await page.route('**/api/**', (route) => {
    if (new URL(route.request().url()).pathname === '/api/categories') probes += 1;
    return route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: '{"message":"Bad gateway"}',
    });
  });
  await page.getByRole('link', { name: 'Go to the Category Books' }).click();
  await expect(page.getByRole('heading', { name: "We'll be right back" })).toBeVisible();
  // A second probe is made only once the first one's failure was taken: the screen stays while the shop is down.
  await expect.poll(() => probes, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('heading', { name: "We'll be right back" })).toBeVisible();
  await page.unroute('**/api/**');
  // No touch from here on.
  await expect(page.getByRole('heading', { name: "We'll be right back" })).toBeHidden({ timeout: 10_000 });
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page).toHaveURL(/\/kiosk$/);
});

test('when a shopper checks out at the kiosk, then only cash on delivery is offered', async ({ page }) => {
  await startKiosk(page);
  await kioskLogin(page, DEMO_USER);
  await addABook(page);
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  const method = page.getByLabel('Choose how you pay');
  await expect(method).toHaveValue('cod');
  await expect(method.locator('option')).toHaveText(['Cash on delivery']);
});

test('when a shopper adds a book at the kiosk and presses Go back, then the kiosk shows the list the book was chosen from', async ({
  page,
}) => {
  await startKiosk(page);
  await addABook(page);
  await page.getByRole('button', { name: 'Go back' }).click();
  // The kiosk's history is its own, in memory: Back is that list, not the plain product list.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Books/);
  await expect(page.getByRole('link', { name: /^See product / }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/kiosk$/);
});

test('when a shopper walks the kiosk pages, then no link leaves the shop, opens a window or downloads', async ({ page, context, shop }) => {
  const pages: string[] = [];
  context.on('page', (p) => pages.push(p.url()));
  const sameOrigin = (href: string) => new URL(href).origin === new URL(shop.url).origin;
  const check = async (where: string) => {
    for (const link of await linksOf(page)) {
      expect(sameOrigin(link.href), `${where}: ${link.href} stays in the shop`).toBe(true);
      expect(link.target ?? '_self', `${where}: ${link.href} opens no window`).toMatch(/^(_self|)$/);
      expect(link.download, `${where}: ${link.href} downloads nothing`).toBe(false);
    }
  };
  await page.goto('/kiosk');
  await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
  await check('attract');
  await page.getByRole('button', { name: 'Touch to start' }).click();
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
  await homeToAProduct(page, check);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeVisible();
  await check('cart');
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByLabel('Email address')).toBeVisible();
  await check('login');
  await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  await check('register');
  await page.getByRole('button', { name: 'Open support chat' }).click();
  await check('support chat');
  expect(pages, 'no new window').toEqual([]);
  await expect(page).toHaveURL(/\/kiosk$/);
});
