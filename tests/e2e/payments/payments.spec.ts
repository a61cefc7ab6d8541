import type { Browser } from '@playwright/test';
import { loginByApi, orderABook, placeBookOrder } from '../support/journeys.ts';
import { DEMO_ADMIN, expect, test } from '../support/shop.ts';

/*
 * Both payment methods end to end on the offline wallet simulator (the e2e shop has no wallet
 * credentials): the SDK, the wallet order and its capture all stay on this machine.
 */

test('when a user pays a wallet order with the test wallet, then the order is paid and reads "Your order is finished"', async ({
  page,
}) => {
  // Nothing may reach the real wallet: any request to it fails the test.
  const external: string[] = [];
  await page.route(/^https:\/\/([a-z-]+\.)*paypal(objects)?\.com\//, (route) => {
    external.push(route.request().url());
    return route.abort();
  });
  // Paying is the subject, not ordering (the next test but one orders through the checkout): the order comes from the API.
  await page.goto(`/user/order-details/${await placeBookOrder(page, 'pp')}`);
  await expect(page.getByText('Pay for your order')).toBeVisible();
  await expect(page.getByText('Not paid yet')).toBeVisible();
  // No wallet order exists before Test wallet is pressed: nothing to approve yet.
  await expect(page.getByRole('button', { name: 'Test wallet', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve payment' })).toBeHidden();

  await page.getByRole('button', { name: 'Test wallet', exact: true }).click();
  await page.getByRole('button', { name: 'Approve payment' }).click();

  await expect(page.getByRole('button', { name: 'Your order is finished' })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Your order is finished' })).toBeDisabled();
  await expect(page.getByText(/^Paid on /)).toBeVisible();
  expect(external).toEqual([]);
});

test('when the wallet declines the payment, then the order stays unpaid and the wallet button is still there', async ({ page }) => {
  await page.goto(`/user/order-details/${await placeBookOrder(page, 'pp')}`);
  await page.getByRole('button', { name: 'Test wallet', exact: true }).click();
  await page.getByRole('button', { name: 'Decline payment' }).click();

  await expect(page.getByRole('button', { name: 'Test wallet', exact: true })).toBeEnabled();
  await expect(page.getByText('Not paid yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Your order is finished' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Not paid yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Test wallet', exact: true })).toBeVisible();
});

const adminPage = async (browser: Browser, baseURL: string) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginByApi(page.request, DEMO_ADMIN);
  return { context, page };
};

test('when a user orders with cash on delivery, then the order says so, and once the admin marks it delivered it is paid', async ({
  page,
  browser,
  baseURL,
}) => {
  const orderId = await orderABook(page, 'cod');
  await expect(page.getByRole('button', { name: 'Wait for your order. You pay on delivery' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Test wallet', exact: true })).toHaveCount(0);

  const admin = await adminPage(browser, baseURL!);
  await admin.page.goto(`/admin/order-details/${orderId}`);
  await admin.page.getByRole('button', { name: 'Mark as delivered' }).click();
  await admin.page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(admin.page.getByRole('button', { name: 'Order is finished' })).toBeDisabled();
  await admin.context.close();

  await page.reload();
  await expect(page.getByText(/^Delivered at /)).toBeVisible();
  // The courier took the cash: a delivered cash order is paid (docs/interfaces.md).
  await expect(page.getByText(/^Paid on /)).toBeVisible();
});
