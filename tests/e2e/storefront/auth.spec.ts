import type { Page } from '@playwright/test';
import { expectRefusedThenCleared } from '../support/form-behaviour.ts';
import { bookInCart } from '../support/journeys.ts';
import { DEMO_ADMIN, DEMO_USER, expect, test } from '../support/shop.ts';

const login = async (page: Page, credentials: { email: string; password: string }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
};

test('when the register form is sent with mistakes, then the messages of spec section 5 show on the page', async ({ page }) => {
  await page.goto('/register');
  const submit = () => page.getByRole('button', { name: 'Submit' }).click();
  await expectRefusedThenCleared(page.getByLabel('Your name'), 'Please enter a name', submit, 'Ann');
  await page.getByLabel('Your name').fill('');
  for (const text of [
    'Please enter a name',
    'Please enter your last name',
    'Please anter a valid email address',
    'Please anter a valid password',
  ]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Your name').fill('Ann');
  await page.getByLabel('Your last name').fill('Lee');
  await page.getByLabel('Email address').fill('ann@');
  await page.getByLabel('Password', { exact: true }).fill('abc12');
  await page.getByLabel('Repeat Password').fill('abc13');
  await expect(page.getByText('Please enter a name', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Please anter a valid email address', { exact: true })).toBeVisible();
  await expect(page.getByText('Please anter a valid password', { exact: true })).toBeVisible();
  await expect(page.getByText('Both passwords should match', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('when someone registers with an email already taken, then "User with that email already exists!" shows', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Your name').fill('John');
  await page.getByLabel('Your last name').fill('Again');
  await page.getByLabel('Email address').fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Repeat Password').fill('secret123');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('User with that email already exists!');
  await expect(page).toHaveURL(/\/register$/);
});

test('when the login form is empty or the password is wrong, then the page says so', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please anter a valid email address', { exact: true })).toBeVisible();
  await expect(page.getByText('Please anter a valid password', { exact: true })).toBeVisible();
  await login(page, { email: DEMO_USER.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Wrong credentials');
  await expect(page).toHaveURL(/\/login$/);
});

test('when a user logs in, then the profile opens; when an admin logs in, then the admin orders open', async ({ page, context }) => {
  await login(page, DEMO_USER);
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole('heading', { name: 'Change your profile' })).toBeVisible();

  await context.clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await login(page, DEMO_ADMIN);
  await expect(page).toHaveURL(/\/admin\/orders$/);
});

test('when a user with a cart logs out, then the login page opens and the cart is empty', async ({ page }) => {
  await login(page, DEMO_USER);
  await expect(page).toHaveURL(/\/user$/);

  await bookInCart(page);

  await page.locator('summary', { hasText: 'John' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('cart'));
  expect(stored === null || (JSON.parse(stored) as { items: unknown[] }).items.length === 0).toBe(true);

  // The session is gone on the server too: the user area asks to log in again.
  await page.goto('/user');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});
