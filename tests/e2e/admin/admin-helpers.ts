import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_USER, expect } from '../support/shop.ts';

const CSRF = { 'X-CSRF': '1' };

/** Logs the admin in through the form, as a person does; a login lands on /admin/orders. */
export const loginAdminUi = async (page: Page): Promise<void> => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
};

/** A second browser (its own cookies) with the demo customer logged in through the BFF. */
export const customerContext = async (browser: Browser, baseURL: string) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const login = await page.request.post('/api/users/login', { data: { ...DEMO_USER, doNotLogout: false }, headers: CSRF });
  expect(login.ok(), await login.text()).toBe(true);
  return { context, page };
};

/** Places a cash-on-delivery order (a wallet order cannot be delivered before it is paid). */
export const placeCodOrder = async (request: APIRequestContext): Promise<{ _id: string; orderTotal: { cartSubtotal: number } }> => {
  const list = await request.get('/api/products/bestsellers');
  const [product] = (await list.json()) as { _id: string; name: string; price: number; count: number }[];
  if (!product) throw new Error('The demo shop has no bestsellers to order');
  const res = await request.post('/api/orders', {
    headers: CSRF,
    data: {
      orderTotal: { itemsCount: 1, cartSubtotal: product.price },
      cartItems: [{ productID: product._id, name: product.name, price: product.price, quantity: 1, count: product.count }],
      paymentMethod: 'cod',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { _id: string; orderTotal: { cartSubtotal: number } };
};

/** A cash-on-delivery order the demo customer placed in their own browser, closed again: for the admin to act on. */
export const customersCodOrder = async (browser: Browser, baseURL: string) => {
  const customer = await customerContext(browser, baseURL);
  const order = await placeCodOrder(customer.page.request);
  await customer.context.close();
  return order;
};

/**
 * A valid 1×1 PNG followed by 1 MB of padding (ignored after IEND), so the upload takes several
 * progress events. Files are named by their content's hash: a different `tag` makes another file.
 */
export const paddedPng = (tag = ''): Buffer =>
  Buffer.concat([
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
    Buffer.from(tag),
    Buffer.alloc(1024 * 1024),
  ]);
