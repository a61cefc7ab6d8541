import { loginByApi, placeBookOrder } from '../support/journeys.ts';
import { DEMO_ADMIN, expect, test } from '../support/shop.ts';

/* The buyer cancels an unpaid order from its page, and the admin sees why it was cancelled. */

test('when the buyer cancels an unpaid wallet order after "Are you sure?", then it reads "Order cancelled (by you)" with no payment, and the admin sees it cancelled with no "Mark as delivered"', async ({
  page,
  browser,
  baseURL,
}) => {
  // Cancelling is the subject: the order comes from the API, the session with it.
  const orderId = await placeBookOrder(page, 'pp');
  await page.goto(`/user/order-details/${orderId}`);
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
  await loginByApi(admin.request, DEMO_ADMIN);
  await admin.goto(`/admin/order-details/${orderId}`);
  await expect(admin.getByText('Order cancelled (by the buyer)')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Mark as delivered' })).toHaveCount(0);
  await expect(admin.getByRole('listitem').filter({ hasText: 'Cancelled' })).toBeVisible();
  await context.close();
});
