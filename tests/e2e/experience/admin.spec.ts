import type { Page } from '@playwright/test';
import { DEMO_ADMIN, expect, test } from '../support/shop.ts';
import { loginAdmin, paddedPng } from '../admin/admin-helpers.ts';

// The admin's smaller items. The run's shop is shared by every spec: each test
// makes what it needs under a name of its own and takes it away again.

const CSRF = { 'X-CSRF': '1' };

type AdminProduct = { _id: string; name: string; category: string; createdAt: string };

const openProducts = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { name: 'Product list' })).toBeVisible();
};

const productRows = (page: Page) => page.getByRole('region', { name: 'Products', exact: true }).locator('tbody tr');
const productNames = (page: Page) => productRows(page).locator('td:nth-child(2)');

test('when the admin searches the products by name, then the server finds them, on any page, and the search stays in the address', async ({
  page,
}) => {
  await loginAdmin(page);
  await openProducts(page);
  const all = (await (await page.request.get('/api/products/admin')).json()) as AdminProduct[];
  // The list's last product (page 2 or later of the 20-a-page table): found only if the server searches.
  const wanted = all.at(-1)!;
  expect(all.length).toBeGreaterThan(20);
  const text = wanted.name.slice(0, Math.min(wanted.name.length, 12)).toUpperCase();
  const matching = all.filter((p) => p.name.toLowerCase().includes(text.toLowerCase()));
  await expect(productNames(page)).toHaveCount(20);
  await expect(productNames(page).filter({ hasText: wanted.name })).toHaveCount(0);

  const asked = page.waitForRequest((r) => r.url().includes(`/api/products/admin?page=1&limit=20&search=${encodeURIComponent(text)}`));
  const search = page.getByRole('search', { name: 'Search products' });
  await search.getByRole('searchbox', { name: 'Search products by name' }).fill(text);
  await search.getByRole('button', { name: 'Search', exact: true }).click();
  await asked;
  await expect(page).toHaveURL((url) => url.pathname === '/admin/products' && url.search === `?${new URLSearchParams({ search: text })}`);
  await expect(page.getByRole('status').filter({ hasText: `${matching.length} found for “${text}”.` })).toBeVisible();
  await expect(productNames(page).filter({ hasText: wanted.name })).toHaveCount(1);
  await expect(productNames(page)).toHaveText(matching.slice(0, 20).map((p) => p.name));

  // A reload keeps the search; nothing matching says so; "Show all products" brings the list back.
  await page.reload();
  await expect(search.getByRole('searchbox', { name: 'Search products by name' })).toHaveValue(text);
  await expect(productNames(page).filter({ hasText: wanted.name })).toHaveCount(1);
  await search.getByRole('searchbox', { name: 'Search products by name' }).fill('no such product zq');
  await search.getByRole('searchbox', { name: 'Search products by name' }).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'No product name holds “no such product zq”.' })).toBeVisible();
  await expect(productNames(page)).toHaveCount(0);
  await page.getByRole('link', { name: 'Show all products' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(productNames(page)).toHaveCount(20);
  await expect(search.getByRole('searchbox', { name: 'Search products by name' })).toHaveValue('');
});

test('when the admin opens the products, then the newest created product is the first row', async ({ page }) => {
  await loginAdmin(page);
  const categories = (await (await page.request.get('/api/categories')).json()) as { name: string }[];
  // Last by category and name: under the old order (category, name) it sat on the last page.
  const category = categories.map((c) => c.name).sort((a, b) => (a < b ? 1 : -1))[0]!;
  const name = `zz E2E newest ${Date.now()}`;
  const created = await page.request.post('/api/products/admin', {
    headers: CSRF,
    data: { name, description: 'Made by the e2e test', count: 1, price: 1, category, attributesTable: [] },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await openProducts(page);
  await expect(productNames(page).first()).toHaveText(name);
  await expect(productRows(page).first().locator('td').first()).toHaveText('1');

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(productNames(page).filter({ hasText: name })).toHaveCount(0);
});

test('when the admin looks at the users, then their own row has no Delete, and the API refuses deleting it with a sentence naming the id', async ({
  page,
}) => {
  await loginAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  const own = page.getByRole('row').filter({ hasText: DEMO_ADMIN.email });
  await expect(own.getByRole('link', { name: `Edit ${DEMO_ADMIN.email}` })).toBeVisible();
  await expect(own.getByRole('button')).toHaveCount(0);
  // Every other row keeps its Delete.
  const others = page.locator('tbody tr').filter({ hasNotText: DEMO_ADMIN.email });
  await expect(others.first().getByRole('button', { name: /^Delete / })).toBeVisible();
  expect(await others.getByRole('button', { name: /^Delete / }).count()).toBe(await others.count());

  const users = (await (await page.request.get('/api/users')).json()) as { _id: string; email: string }[];
  const me = users.find((u) => u.email === DEMO_ADMIN.email)!;
  const refused = await page.request.delete(`/api/users/${me._id}`, { headers: CSRF });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ message: 'You cannot delete your own account: another admin can delete it for you', field: 'id' });
  await page.reload();
  await expect(own.getByRole('link', { name: `Edit ${DEMO_ADMIN.email}` })).toBeVisible();
});

test('when the admin opens Categories, then a new category shows a neutral picture and takes a description and an uploaded picture, a delete asks "Are you sure?", and the product form only chooses categories', async ({
  page,
}) => {
  await loginAdmin(page);
  const name = `E2E Category ${Date.now()}`;
  const made = await page.request.post('/api/categories', { headers: CSRF, data: { category: name } });
  expect(made.ok(), await made.text()).toBe(true);

  // The product form: a category is chosen (or created), never deleted there.
  await page.goto('/admin/create-new-product');
  const form = page.locator('main form');
  await form.getByLabel('Category', { exact: true }).selectOption(name);
  await expect(form.getByLabel('Category', { exact: true })).toHaveValue(name);
  await expect(page.getByRole('button', { name: /^Delete category/ })).toHaveCount(0);

  // Its own page, in the side menu: a new category has the neutral picture until one is set, and a description is written there.
  await page.getByRole('link', { name: 'Categories', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  const panel = page.getByRole('region', { name: 'Categories', exact: true });
  const row = panel.getByRole('row').filter({ hasText: name });
  await expect(row.locator('[data-neutral-picture]')).toHaveCount(1);
  await row.getByRole('button', { name: `Edit category ${name}` }).click();
  await page
    .getByRole('form', { name: `Edit category ${name}` })
    .getByLabel('Description')
    .fill('Made by the browser test');
  await page.getByRole('button', { name: 'Save category' }).click();
  await expect(row).toContainText('Made by the browser test');
  // A picture goes through the products' upload and replaces the neutral one at once.
  await row.getByRole('button', { name: `Edit category ${name}` }).click();
  await page.getByLabel('Picture', { exact: true }).setInputFiles({ name: 'category.png', mimeType: 'image/png', buffer: paddedPng(name) });
  await expect(row.locator('img[src^="/images/"]')).toHaveCount(1);
  await expect(row.locator('[data-neutral-picture]')).toHaveCount(0);
  // A category products use is refused, with the server's reason, and stays.
  await panel.getByRole('button', { name: 'Delete category Books', exact: true }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(panel.getByRole('alert')).toContainText('cannot be deleted while');
  await expect(panel.getByRole('button', { name: 'Delete category Books', exact: true })).toBeVisible();

  // Cancel keeps it; Yes removes it, here and on the server.
  await row.getByRole('button', { name: `Delete category ${name}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Delete category ${name}` }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(row).toHaveCount(0);
  const left = (await (await page.request.get('/api/categories')).json()) as { name: string }[];
  expect(left.map((c) => c.name)).not.toContain(name);
});
