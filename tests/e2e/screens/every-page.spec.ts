import type { Page } from '@playwright/test';
import { loginByApi, placeBookOrder } from '../support/journeys.ts';
import { DEMO_ADMIN, expect, test } from '../support/shop.ts';
import type { ProductListResponse } from '#contracts/product.ts';
import { PHONE, rowLinksOffScreen, saveScreen, settled, sidewaysProblems, SIZES } from './screens.ts';

type Route = { name: string; path: string };

/**
 * Visits each route at 360 px and on both kiosks: no sideways page, a screenshot of each; on the
 * phone each table row's own link lies within the screen too (no scrolling to reach Details).
 */
const visitAll = async (page: Page, routes: Route[]) => {
  const found: Record<string, string[]> = {};
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const route of routes) {
      await page.goto(route.path);
      await settled(page);
      await expect(page.getByRole('main')).not.toBeEmpty();
      const problems = [...(await sidewaysProblems(page)), ...(size === PHONE ? await rowLinksOffScreen(page) : [])];
      if (problems.length > 0) found[`${size.name} ${route.name} ${route.path}`] = problems;
      await saveScreen(page, size, route.name);
    }
  }
  expect(found).toEqual({});
};

const hrefOf = async (page: Page, path: string, prefix: string) => {
  await page.goto(path);
  await settled(page);
  const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute('href');
  if (!href) throw new Error(`no link to ${prefix} on ${path}`);
  return href;
};

test.describe.configure({ timeout: 240_000 });

test('when a visitor opens every shop page at 360 px and on both kiosk sizes, then no page scrolls sideways except inside a marked table', async ({
  page,
}) => {
  const product = await hrefOf(page, '/product-list', '/product-details/');
  // The product with the longest name and description, whose page is the likeliest to overflow.
  const res = await page.request.get('/api/products/?sort=name_-1');
  expect(res.status()).toBe(200);
  const [longest] = ((await res.json()) as ProductListResponse).products.sort(
    (a, b) => b.name.length + b.description.length - a.name.length - a.description.length,
  );
  await visitAll(page, [
    { name: 'home', path: '/' },
    { name: 'product-list', path: '/product-list' },
    { name: 'product-list-2', path: '/product-list/2' },
    { name: 'category', path: '/product-list/category/Books' },
    { name: 'search', path: '/product-list/search/a' },
    { name: 'product-details', path: product },
    { name: 'product-details-longest', path: `/product-details/${longest!._id}` },
    { name: 'cart', path: '/cart' },
    { name: 'login', path: '/login' },
    { name: 'register', path: '/register' },
    { name: 'not-found', path: '/no-such-page' },
  ]);
});

test('when the demo customer opens every page of the user area, then no page scrolls sideways except inside a marked table', async ({
  page,
}) => {
  // The order is only there to have an order page: placed through the API, not the checkout.
  const order = await placeBookOrder(page, 'cod');
  await visitAll(page, [
    { name: 'user-profile', path: '/user' },
    { name: 'my-orders', path: '/user/my-orders' },
    { name: 'cart-details', path: '/user/cart-details' },
    { name: 'user-order-details', path: `/user/order-details/${order}` },
  ]);
});

test('when the admin opens every page of the admin area, then no page scrolls sideways except inside a marked table', async ({ page }) => {
  await loginByApi(page.request, DEMO_ADMIN);
  const order = await hrefOf(page, '/admin/orders', '/admin/order-details/');
  const user = await hrefOf(page, '/admin/users', '/admin/edit-user/');
  const product = await hrefOf(page, '/admin/products', '/admin/edit-product/');
  await visitAll(page, [
    { name: 'admin-orders', path: '/admin/orders' },
    { name: 'admin-order-details', path: order },
    { name: 'admin-users', path: '/admin/users' },
    { name: 'admin-edit-user', path: user },
    { name: 'admin-products', path: '/admin/products' },
    { name: 'admin-create-product', path: '/admin/create-new-product' },
    { name: 'admin-edit-product', path: product },
    { name: 'admin-chats', path: '/admin/chats' },
    { name: 'admin-analytics', path: '/admin/analytics' },
  ]);
});
