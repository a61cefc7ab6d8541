import { readFile } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import type { MyData } from '#contracts/my-data.ts';
import type { Order } from '#contracts/order.ts';
import type { Product } from '#contracts/product.ts';
import { customersCodOrder, loginAdmin } from '../admin/admin-helpers.ts';
import { lineRowProblems, PHONE, sidewaysProblems } from '../screens/screens.ts';
import { bookInCart, loginByApi, orderABook, placeBookOrder, placeOrder } from '../support/journeys.ts';
import { DEMO_ADMIN, DEMO_USER, expect, test } from '../support/shop.ts';

/*
 * The first order without detours, and the admin's smaller items: a new
 * customer saves an address without a password (a refused wallet payment and cash on delivery
 * instead: the payment paths of model/checkout-model.spec.ts), orders have
 * a number customers and admins both read, the buyer sees the order's timeline, and the admin
 * finds an order by its number and confirms a delivery.
 */

const CSRF = { 'X-CSRF': '1' };
const numberOf = (id: string) => `Order #${id.slice(0, 8).toUpperCase()}`;

const adminPage = async (browser: Browser, baseURL: string) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginAdmin(page);
  return { context, page };
};

test('when a new customer fills phone and address and leaves Password empty, then the profile is saved and the address is there after a reload', async ({
  page,
}) => {
  const email = `first-order-${crypto.randomUUID()}@example.com`;
  const reg = await page.request.post('/api/users/register', {
    headers: CSRF,
    data: { name: 'Nora', lastName: 'New', email, password: 'first-secret' },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: 'Change your profile' })).toBeVisible();
  const fields: Array<[string, string]> = [
    ['Phone number', '555 0100'],
    ['Address', '1 First Street'],
    ['Country', 'India'],
    ['Zip Code', '110001'],
    ['City', 'Delhi'],
    ['State', 'DL'],
  ];
  for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Update' }).click();

  await expect(page.getByText('User updated')).toBeVisible();
  await expect(page.getByText('Please anter a valid password')).toHaveCount(0);
  await page.reload();
  for (const [label, value] of fields) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  // the password was kept: the customer still logs in with it
  const login = await page.request.post('/api/users/login', {
    headers: CSRF,
    data: { email, password: 'first-secret', doNotLogout: false },
  });
  expect(login.ok()).toBe(true);
});

test('when a customer orders, then the checkout offers "Card wallet" and "Cash on delivery", and the order page and My Orders show "Order #" and the first 8 characters of its id, its method and its timeline', async ({
  page,
}) => {
  const orderId = await orderABook(page, 'cod');
  const number = numberOf(orderId);
  await expect(page.getByText(number, { exact: true })).toBeVisible();
  await expect(page.getByText('Cash on delivery', { exact: true })).toBeVisible();
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveText([/^Created /]);

  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(timeline.getByRole('listitem')).toHaveText([/^Created /, /^Cancelled \(by you\) /]);
  await page.reload();
  await expect(timeline.getByRole('listitem')).toHaveText([/^Created /, /^Cancelled \(by you\) /]);

  await page.goto('/user/my-orders');
  const row = page.getByRole('row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Cash on delivery');

  await page.goto('/user/cart-details');
  await expect(page.getByLabel('Choose how you pay').locator('option')).toHaveText(['Card wallet', 'Cash on delivery']);
});

test('when the admin searches an order by its number or whole id, then that order is the one row, with its Paid column, and its details show the number and method', async ({
  page,
  browser,
  baseURL,
}) => {
  const order = await customersCodOrder(browser, baseURL!);
  const number = numberOf(order._id);

  await loginAdmin(page);
  await expect(page.getByRole('columnheader', { name: 'Paid', exact: true })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Find an order' });
  for (const text of [number, order._id]) {
    await search.fill(text);
    await page.getByRole('button', { name: 'Find order' }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?search=/);
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole('cell').first()).toHaveText(number);
    await expect(rows.first().getByRole('cell').nth(4)).toHaveText('✗');
    await expect(rows.first().getByRole('cell').nth(6)).toHaveText('Cash on delivery');
  }
  await page.getByRole('link', { name: new RegExp(`^Details of ${number.replace('#', '\\#')} `) }).click();
  await expect(page.getByText(number, { exact: true })).toBeVisible();
  await expect(page.getByText('Cash on delivery')).toBeVisible();
});

test('when the admin presses "Mark as delivered", then "Are you sure?" asks first: No leaves the order, Yes finishes it and records the cash paid, and the analytics count its revenue', async ({
  browser,
  baseURL,
}) => {
  const admin = await adminPage(browser, baseURL!);
  const today = new Date().toISOString().slice(0, 10);
  const revenueToday = async () => {
    const res = await admin.page.request.get(`/api/orders/analysis/${today}?bucket=hour`);
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { total: number }[]).at(-1)!.total;
  };
  const before = await revenueToday();
  const order = await customersCodOrder(browser, baseURL!);
  await admin.page.goto(`/admin/order-details/${order._id}`);
  const mark = admin.page.getByRole('button', { name: 'Mark as delivered' });
  const dialog = admin.page.getByRole('dialog', { name: 'Are you sure?' });

  await mark.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await admin.page.reload();
  await expect(mark).toBeEnabled();

  await mark.click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(admin.page.getByRole('button', { name: 'Order is finished' })).toBeDisabled();
  // Cash on delivery: the courier took the cash, so the delivered order reads paid.
  await expect(admin.page.getByRole('region', { name: 'Payment' })).toContainText('Paid: yes · Delivered: yes');
  // The delivered cash order is in today's revenue: the total grew by its amount.
  await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Analytics' }).click();
  const grown = before + order.orderTotal.cartSubtotal;
  await expect(admin.page.locator(`dd[data-total="${today}"]`)).toHaveText(
    `$${grown.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );
  await admin.context.close();
});

test('when a customer checks out and opens the order, then at 360 and 1280 px each item is one row: picture, name with quantity, then price', async ({
  page,
}) => {
  await loginByApi(page.request, DEMO_USER);
  await bookInCart(page);
  const items = page.getByRole('list', { name: 'Order items' });
  const eachWidth = async () => {
    for (const width of [PHONE.width, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(items.locator('img')).toHaveCount(1);
      expect(await lineRowProblems(items), `at ${width} px`).toEqual([]);
    }
  };
  await page.goto('/user/cart-details');
  await eachWidth();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/user\/order-details\//);
  await eachWidth();
});

test('when a customer opens My Orders on a 360 px phone, then each order is a card with its number, date, total, Paid, Delivered and link; the wide table has no User column', async ({
  page,
}) => {
  const number = numberOf(await placeBookOrder(page, 'cod'));
  await page.setViewportSize({ width: PHONE.width, height: 740 });
  await page.goto('/user/my-orders');
  const card = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').filter({ hasText: number });
  await expect(card).toHaveCount(1);
  for (const fact of ['Date', 'Total', 'Paid', 'Delivered']) await expect(card.getByRole('term').filter({ hasText: fact })).toBeVisible();
  await expect(card.getByRole('definition').nth(3)).toHaveText('✗ No');
  await expect(card.getByRole('link', { name: new RegExp(`^Go to ${number.replace('#', '\\#')} of `) })).toBeInViewport();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await sidewaysProblems(page)).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['Order', 'Date', 'Total', 'Payment method', 'Paid', 'Delivered', 'Details']);
  await expect(page.getByRole('list', { name: 'Your orders' })).toHaveCount(0);
});

test('when a customer downloads their data, then one file holds their profile and orders; when they delete their account, then the wrong password is refused, the right one logs out and frees the email, and the shop keeps the order as "Deleted customer" with its address', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `leaving-${crypto.randomUUID()}@example.com`;
  const password = 'leaving-secret';
  const reg = await page.request.post('/api/users/register', {
    headers: CSRF,
    data: { name: 'Lea', lastName: 'Leaving', email, password },
  });
  expect(reg.ok(), await reg.text()).toBe(true);
  const address = { phoneNumber: '555 0100', address: '9 Exit Road', country: 'India', zipCode: '110001', city: 'Delhi', state: 'DL' };
  const saved = await page.request.put('/api/users/profile', { headers: CSRF, data: { name: 'Lea', lastName: 'Leaving', ...address } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const list = await page.request.get('/api/products/category/Books');
  const order = await placeOrder(page.request, ((await list.json()) as { products: Product[] }).products[0]!, 'cod');

  await page.goto('/user');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toBe('statefront-my-data.json');
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as MyData;
  expect(data.profile).toMatchObject({ email, address: '9 Exit Road' });
  expect(data.orders.map((o) => o._id)).toEqual([order._id]);

  await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
  const confirm = page.getByRole('button', { name: 'Delete my account for good' });
  await page.getByLabel('Your password').fill('not-my-password');
  await confirm.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your current password is not correct' })).toBeVisible();
  await page.getByLabel('Your password').fill(password);
  await confirm.click();
  await expect(page.getByText('Your account was deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  const login = await page.request.post('/api/users/login', { headers: CSRF, data: { email, password, doNotLogout: false } });
  expect(login.status()).toBe(401);
  const again = await page.request.post('/api/users/register', {
    headers: CSRF,
    data: { name: 'Lea', lastName: 'Again', email, password },
  });
  expect(again.ok(), await again.text()).toBe(true);

  const admin = await browser.newContext({ baseURL });
  await loginByApi(admin.request, DEMO_ADMIN);
  const kept = await admin.request.get(`/api/orders/user/${order._id}`);
  expect(kept.ok()).toBe(true);
  const { user } = (await kept.json()) as Order;
  expect(user).toMatchObject({ name: 'Deleted customer', lastName: '', email: '', phoneNumber: '', address: '9 Exit Road' });
  await admin.close();
});
