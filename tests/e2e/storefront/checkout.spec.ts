import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { expectRefusedThenCleared } from '../support/form-behaviour.ts';
import { registerByForm } from '../support/journeys.ts';
import { DEMO_USER, expect, test } from '../support/shop.ts';

const register = async (page: Page, email: string) => {
  await page.getByRole('link', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(/\/register$/);
  await registerByForm(page, { name: 'Carl', lastName: 'Cash', email, password: 'secret123' });
};

test('when a guest buys with cash on delivery, then after registering and filling the profile the order is placed, listed and the cart is empty', async ({
  page,
}) => {
  // A guest browses to a product and puts two of it in the cart.
  await page.goto('/');
  await page.getByRole('link', { name: 'Go to the Category Books' }).click();
  await expect(page).toHaveURL(/\/product-list\/category\/Books$/);
  await page
    .getByRole('link', { name: /^See product / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/product-details\//);
  // The list's heading stays until the product has loaded: read the name once the product shows.
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  const productName = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  await page.getByLabel('Quantity').selectOption('2');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // The cart shows the line; the checkout needs an account.
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('link', { name: productName })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeEnabled();

  await register(page, `cod-buyer-${Date.now()}@example.com`);
  await expect(page.getByRole('heading', { name: 'Change your profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // Without an address the order cannot be placed.
  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page).toHaveURL(/\/user\/cart-details$/);
  await expect(page.getByText('In order to make order, fill out your profile with correct address, city etc.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();

  // Filling the profile unblocks it.
  await page.locator('summary', { hasText: 'Carl Cash' }).click();
  await page.getByRole('link', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/user$/);
  await page.getByLabel('Phone number', { exact: true }).fill('555 0100');
  await page.getByLabel('Address', { exact: true }).fill('1 Market Street');
  await page.getByLabel('Country', { exact: true }).fill('India');
  await page.getByLabel('Zip Code', { exact: true }).fill('x');
  await page.getByLabel('City', { exact: true }).fill('Delhi');
  await page.getByLabel('State', { exact: true }).fill('Delhi');
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Repeat Password').fill('secret123');
  const update = () => page.getByRole('button', { name: 'Update' }).click();
  await expectRefusedThenCleared(page.getByLabel('Zip Code', { exact: true }), 'Please enter a valid zip code', update, '110001');
  await update();
  await expect(page.getByText('User updated')).toBeVisible();

  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page.getByText('1 Market Street, Delhi, Delhi, 110001, India')).toBeVisible();
  await expect(page.getByText('Shipping: included')).toBeVisible();
  await expect(page.getByText('Tax: included')).toBeVisible();
  await expect(page.getByText('In order to make order', { exact: false })).toHaveCount(0);
  await page.getByLabel('Choose how you pay').selectOption('cod');
  await page.getByRole('button', { name: 'Place order' }).click();

  // The order page opens and the cart is empty.
  await expect(page).toHaveURL(/\/user\/order-details\/[^/]+$/);
  const orderUrl = page.url();
  await expect(page.getByRole('button', { name: 'Wait for your order. You pay on delivery' })).toBeDisabled();
  await expect(page.getByText('Not delivered')).toBeVisible();
  await expect(page.getByRole('link', { name: productName })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible();

  // My orders lists it and links back to it.
  await page.locator('summary', { hasText: 'Carl Cash' }).click();
  await page.getByRole('link', { name: 'My orders' }).click();
  await expect(page).toHaveURL(/\/user\/my-orders$/);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Cash on delivery');
  await expect(rows.first()).toContainText('✗ No');
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(orderUrl);

  await page.getByRole('link', { name: 'Cart, empty' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeDisabled();
});

/** Serious or critical axe findings inside the page's main region (the shell has its own checks). */
const seriousIssues = async (page: Page) => {
  const violations = await axeViolations(page, {}, { include: ['main'] });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('when the cart and user pages show, then axe finds no serious or critical violation in them', async ({ page }) => {
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  expect(await seriousIssues(page)).toEqual([]);

  await page.goto('/login');
  await page.getByLabel('Email address').fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('City', { exact: true })).toBeVisible();
  expect(await seriousIssues(page)).toEqual([]);

  // The first book in stock: another spec of this worker's shop may have sold one out.
  for (let i = 0; ; i++) {
    await page.goto('/product-list/category/Books');
    await page
      .getByRole('link', { name: /^See product / })
      .nth(i)
      .click();
    const stock = page.getByText(/^(In stock|Out of stock)$/);
    if ((await stock.textContent()) === 'In stock') break;
  }
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeEnabled();
  expect(await seriousIssues(page)).toEqual([]);

  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  expect(await seriousIssues(page)).toEqual([]);

  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Pay for your order')).toBeVisible();
  expect(await seriousIssues(page)).toEqual([]);

  await page.goto('/user/my-orders');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  expect(await seriousIssues(page)).toEqual([]);
});
