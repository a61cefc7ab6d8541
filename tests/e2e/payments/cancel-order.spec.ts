import type { Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER, expect, test } from '../support/shop.ts';

/* Issue 13: the buyer cancels an unpaid order from its page, and the admin sees why it was cancelled. */

const login = async (page: Page, who: { email: string; password: string }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
};

test('when the buyer cancels an unpaid wallet order after "Are you sure?", then it reads "Order cancelled (by you)" with no payment, and the admin sees it cancelled with no "Mark as delivered"', async ({ page, browser, baseURL }) => {
  await login(page, DEMO_USER);
  await page.goto('/product-list/category/Books');
  await page.getByRole('link', { name: /^See product / }).first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await page.getByLabel('Choose how you pay').selectOption('pp');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/user\/order-details\/[^/]+$/);
  const orderId = page.url().split('/').pop()!;
  await expect(page.getByText('Pay for your order')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Pay for your order')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Order cancelled (by you)')).toBeVisible();
  await expect(page.getByText('Pay for your order')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Test wallet', exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Order cancelled (by you)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await login(admin, DEMO_ADMIN);
  await admin.goto(`/admin/order-details/${orderId}`);
  await expect(admin.getByText('Order cancelled (by the buyer)')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Mark as delivered' })).toHaveCount(0);
  await expect(admin.getByRole('listitem').filter({ hasText: 'Cancelled' })).toBeVisible();
  await context.close();
});
