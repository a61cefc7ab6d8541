import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { loginByApi, placeOrder } from '../support/journeys.ts';
import { DEMO_ADMIN, DEMO_USER, expect } from '../support/shop.ts';

/**
 * The admin logged in and on /admin/orders, where a login lands. Through the API: no test that
 * calls this is about the login form (storefront/auth.spec.ts is), and the form costs a page load.
 */
export const loginAdmin = async (page: Page): Promise<void> => {
  await loginByApi(page.request, DEMO_ADMIN);
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/admin\/orders$/);
};

/** The admin logged in and on the edit page of the first product of the admin list, its form filled in. */
export const editFirstProduct = async (page: Page): Promise<void> => {
  await loginAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/edit-product\//);
  await expect(page.getByLabel('Name', { exact: true })).not.toHaveValue('');
};

/** A second browser (its own cookies) with the demo customer logged in through the BFF. */
export const customerContext = async (browser: Browser, baseURL: string) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginByApi(page.request, DEMO_USER);
  return { context, page };
};

/** Places a cash-on-delivery order (a wallet order cannot be delivered before it is paid). */
export const placeCodOrder = async (request: APIRequestContext): Promise<{ _id: string; orderTotal: { cartSubtotal: number } }> => {
  const list = await request.get('/api/products/bestsellers');
  const [product] = (await list.json()) as { _id: string; name: string; price: number; count: number }[];
  if (!product) throw new Error('The demo shop has no bestsellers to order');
  return placeOrder(request, product, 'cod');
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
