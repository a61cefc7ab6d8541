import { expect, test } from '../support/shop.ts';
import { loginAdmin } from './admin-helpers.ts';

test('when the admin pages through the products with the keyboard, then each page is fetched and kept in the URL, the focus stays on the pager, and Back returns to page 1', async ({
  page,
}) => {
  await loginAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  const pager = page.getByRole('navigation', { name: 'Products pages' });
  // The products' table (the categories' own table is under it).
  const rows = page.getByRole('region', { name: 'Products', exact: true }).locator('tbody tr');
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(rows).toHaveCount(20);
  const firstOfPage1 = await rows.locator('td').nth(1).textContent();

  const asked = page.waitForRequest((r) => r.url().includes('/api/products/admin?page=2&limit=20'));
  await pager.getByRole('link', { name: 'Next page' }).focus();
  await page.keyboard.press('Enter');
  await asked;
  await expect(page).toHaveURL(/\/admin\/products\?page=2$/);
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(rows.first().locator('td').first()).toHaveText('21');
  await expect(rows.locator('td').nth(1)).not.toHaveText(firstOfPage1 ?? '');
  // The followed link has the focus again once the page is in: Enter goes on to page 3.
  await expect(pager.getByRole('link', { name: 'Next page' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/products\?page=3$/);
  await page.goBack();

  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(rows.locator('td').nth(1)).toHaveText(firstOfPage1 ?? '');
});
