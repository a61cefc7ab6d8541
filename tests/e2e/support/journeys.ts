import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { DEMO_USER } from './shop.ts';

/** Logs in through the login form, as a person does. */
export const login = async (page: Page, who: { email: string; password: string }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
};

/** The demo customer orders one book with the chosen method and lands on the order's page; answers its id. */
export const orderABook = async (page: Page, method: 'pp' | 'cod') => {
  await login(page, DEMO_USER);
  await page.goto('/product-list/category/Books');
  await page.getByRole('link', { name: /^See product / }).first().click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await page.getByLabel('Choose how you pay').selectOption(method);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/user\/order-details\/[^/]+$/);
  return page.url().split('/').pop()!;
};
