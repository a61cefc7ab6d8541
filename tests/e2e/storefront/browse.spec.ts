import type { Page } from '@playwright/test';
import type { ProductListResponse } from '#contracts/product.ts';
import { axeViolations } from '../support/axe.ts';
import { openFirstBook } from '../support/journeys.ts';
import { expect, test } from '../support/shop.ts';

const seriousViolations = async (page: Page) => {
  const violations = await axeViolations(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
};

test('when a guest browses to a category and filters it, then the URL holds the filters, back restores them, and a product goes into the cart', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Go to the Category Computers' }).click();
  await expect(page).toHaveURL(/\/product-list\/category\/Computers$/);
  await expect(page.getByRole('link', { name: /^See product / }).first()).toBeVisible();

  await page.locator('input[type="range"]').fill('900');
  await page.getByRole('checkbox', { name: 'black' }).check();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page).toHaveURL(/\/product-list\/category\/Computers\?price=900&attrs=color-black$/);
  await page.getByLabel('Sort products').selectOption('price_1');
  await expect(page).toHaveURL(/\/product-list\/category\/Computers\?price=900&attrs=color-black&sort=price_1$/);
  const cards = page.getByRole('link', { name: /^See product / });
  // What the shop answers for these filters: the list must come to show exactly it. (Read from
  // the page, the names could be the unsorted list's, or none while the sorted one loads.)
  const answer = await page.request.get('/api/products/category/Computers/?pageNum=1&price=900&attrs=color-black&sort=price_1');
  const filteredNames = ((await answer.json()) as ProductListResponse).products.map((p) => p.name);
  expect(filteredNames.length).toBeGreaterThan(1);
  const shownNames = () => page.locator('section[aria-labelledby="product-list-title"] h2').allTextContents();
  await expect.poll(shownNames).toEqual(filteredNames);
  await expect(cards.first()).toBeVisible();

  // the URL alone restores the list: a reload (or a shared link) shows the same filters
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'black' })).toBeChecked();
  await expect(page.getByLabel('Sort products')).toHaveValue('price_1');
  await expect(page.locator('output')).toHaveText('$900.00');
  await expect.poll(shownNames).toEqual(filteredNames);

  await page.goBack();
  await expect(page).toHaveURL(/\?price=900&attrs=color-black$/);
  await expect(page.getByLabel('Sort products')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/product-list\/category\/Computers$/);
  await expect(page.getByRole('checkbox', { name: 'black' })).not.toBeChecked();
  await expect(page.locator('output')).toHaveText('Any price');
  await page.goForward();
  await page.goForward();
  await expect(page.getByRole('checkbox', { name: 'black' })).toBeChecked();
  await expect(page.getByLabel('Sort products')).toHaveValue('price_1');

  await cards.first().click();
  await expect(page).toHaveURL(/\/product-details\//);
  await expect(page.getByText('In stock', { exact: true })).toBeVisible();
  // what the list filtered by is on the product too
  await expect(page.getByRole('table', { name: 'Specifications' })).toContainText(/color\s*black/);
  await page.getByLabel('Quantity').selectOption('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Go to cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
});

test('when a guest ticks a category on the plain list, then other groups are disabled and unticking goes back to /product-list', async ({
  page,
}) => {
  await page.goto('/product-list');
  await page.getByRole('checkbox', { name: 'Computers/Laptops', exact: true }).check();
  await expect(page.getByRole('checkbox', { name: 'Books', exact: true })).toBeDisabled();
  await page.getByRole('checkbox', { name: '4 stars' }).check();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page).toHaveURL(/\?rating=4&category=Computers%2FLaptops$/);
  await expect(page.getByRole('checkbox', { name: '4 stars' })).toBeChecked();
  // a click, not uncheck(): unticking the last category navigates, so the box is replaced
  await page.getByRole('checkbox', { name: 'Computers/Laptops', exact: true }).click();
  await expect(page).toHaveURL(/\/product-list$/);
  await expect(page.getByRole('checkbox', { name: 'Computers/Laptops', exact: true })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Books', exact: true })).toBeEnabled();
});

test('when a guest searches from the header, then the list follows the search with and without a category', async ({ page }) => {
  await page.goto('/');
  await page.getByPlaceholder('Type to search ...').fill('ThinkPad');
  await page.getByPlaceholder('Type to search ...').press('Enter');
  await expect(page).toHaveURL(/\/product-list\/search\/ThinkPad$/);
  await expect(page.getByRole('heading', { name: /ThinkPad T14/ })).toBeVisible();

  await page.getByLabel('Category', { exact: true }).first().selectOption('Computers/Laptops/Dell');
  await page.getByPlaceholder('Type to search ...').fill('XPS');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/product-list\/category\/Computers,Laptops,Dell\/search\/XPS$/);
  await expect(page.getByRole('heading', { name: 'Dell XPS 13' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /ThinkPad/ })).toHaveCount(0);

  await page.getByPlaceholder('Type to search ...').fill('   ');
  await page.getByPlaceholder('Type to search ...').press('Enter');
  await expect(page).toHaveURL(/\/product-list\/category\/Computers,Laptops,Dell$/);
});

test('when the list and a product page show, then axe finds no serious or critical violation', async ({ page }) => {
  await page.goto('/product-list?category=Computers');
  await expect(page.getByRole('link', { name: /^See product / }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page
    .getByRole('link', { name: /^See product / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Login first to write a review')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('when a guest adds a product and presses Go back, then the list it came from shows; opened by its own link, the product list', async ({
  page,
}) => {
  await openFirstBook(page);
  const details = page.url();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/product-list\/category\/Books$/);

  // A shared link in a new tab: nothing to go back to in the shop.
  const tab = await page.context().newPage();
  await tab.goto(details);
  await tab.getByRole('button', { name: 'Add to cart' }).click();
  await tab.getByRole('button', { name: 'Go back' }).click();
  await expect(tab).toHaveURL(/\/product-list$/);
});
