import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Order } from '#contracts/order.ts';
import type { Product } from '#contracts/product.ts';
import { DEMO_USER, STAGING_URL } from './shop.ts';

/** The anti-forgery header every state-changing /api call carries (bff/http/anti-forgery.ts). */
export const CSRF = { 'X-CSRF': '1' };

/** Opens the first book of the Books category from its list, as a guest browsing does. */
export const openFirstBook = async (page: Page) => {
  await page.goto('/product-list/category/Books');
  await page
    .getByRole('link', { name: /^See product / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/product-details\//);
};

/** One unit of the first book in the cart, through its page as a shopper does, the badge showing it. */
export const bookInCart = async (page: Page) => {
  await openFirstBook(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
};

/** Fills the register form of the page on /register and submits it, as a person does; lands on /user. */
export const registerByForm = async (page: Page, who: { name: string; lastName: string; email: string; password: string }) => {
  await page.getByLabel('Your name').fill(who.name);
  await page.getByLabel('Your last name').fill(who.lastName);
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Repeat Password').fill(who.password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/user$/);
};

/** Fills the login form on the page (/login, or in place on a guarded page) and presses Login, as a person does. */
export const submitLogin = async (page: Page, who: { email: string; password: string }, doNotLogout = false) => {
  await page.getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  if (doNotLogout) await page.getByLabel('Do not logout').check();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
};

/** Logs in through the login form, as a person does. */
export const login = async (page: Page, who: { email: string; password: string }) => {
  await page.goto('/login');
  await submitLogin(page, who);
  await expect(page).not.toHaveURL(/\/login$/);
};

/**
 * Logs in through the BFF's own login call, as the login form does but without the page: for
 * tests whose subject is not the form. `request` shares the cookie jar of its page's context
 * (`page.request`), so the next page the context opens restores the session from /api/session,
 * as a new tab does. A form login costs a page load and a redirect; this costs one request.
 */
export const loginByApi = async (request: APIRequestContext, who: { email: string; password: string }) => {
  const res = await request.post('/api/users/login', { headers: CSRF, data: { ...who, doNotLogout: false } });
  expect(res.ok(), `login of ${who.email}: ${res.status()} ${await res.text()}`).toBe(true);
};

/**
 * Logs `page` in as `who` for a model whose subject is not the login: through the API on a local
 * run (one request), through the login form on a staging run, which acts only through the page.
 */
export const signIn = async (page: Page, who: { email: string; password: string }) =>
  STAGING_URL ? login(page, who) : loginByApi(page.request, who);

/** One unit of `product` ordered by whoever `request` is logged in as, through the API (as the checkout sends it); answers the order. */
export const placeOrder = async (
  request: APIRequestContext,
  product: Pick<Product, '_id' | 'name' | 'price' | 'count'> & { images?: Product['images'] },
  method: 'pp' | 'cod',
): Promise<Order> => {
  const image = product.images?.[0];
  const res = await request.post('/api/orders', {
    headers: CSRF,
    data: {
      orderTotal: { itemsCount: 1, cartSubtotal: product.price },
      cartItems: [
        { productID: product._id, name: product.name, price: product.price, quantity: 1, count: product.count, ...(image && { image }) },
      ],
      paymentMethod: method,
    },
  });
  expect(res.ok(), `order: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Order;
};

/**
 * What orderABook leaves behind, made through the API for tests whose subject is what follows the
 * order, not the checkout: the demo customer logged in and one unit of the first book of the Books
 * list ordered with `method`. Answers the order's id; its page is `/user/order-details/<id>`.
 */
export const placeBookOrder = async (page: Page, method: 'pp' | 'cod') => {
  await loginByApi(page.request, DEMO_USER);
  const list = await page.request.get('/api/products/category/Books');
  expect(list.ok()).toBe(true);
  const book = ((await list.json()) as { products: Product[] }).products[0]!;
  return (await placeOrder(page.request, book, method))._id;
};

/** The demo customer orders one book with the chosen method and lands on the order's page; answers its id. */
export const orderABook = async (page: Page, method: 'pp' | 'cod') => {
  await login(page, DEMO_USER);
  await page.goto('/product-list/category/Books');
  await page
    .getByRole('link', { name: /^See product / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: 'Go to cart' }).click();
  await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
  await page.getByLabel('Choose how you pay').selectOption(method);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/user\/order-details\/[^/]+$/);
  return page.url().split('/').pop()!;
};

/**
 * Where `target` is on screen, measured until it has a box: hydration may swap the server's
 * element for the client's between finding it visible and measuring it (CI11 saw a null box
 * once, the button on screen after). For a press that must land once, with no retries.
 */
const boxOf = async (target: Locator, name: string) => {
  const found: { box: Awaited<ReturnType<Locator['boundingBox']>> } = { box: null };
  await expect(async () => {
    found.box = await target.boundingBox();
    expect(found.box, `${name} is on screen`).not.toBeNull();
  }).toPass();
  if (!found.box) throw new Error(`${name} is not on screen`);
  return found.box;
};

/** A shop whose kiosk logo opens the PIN pad after 1 s held (KIOSK_EXIT_HOLD_SECONDS; 5 s by default): for the specs that use holdLogo. */
export const SHORT_EXIT_HOLD = { KIOSK_EXIT_HOLD_SECONDS: '1' };

/** On a kiosk of a SHORT_EXIT_HOLD shop, holds the pointer on the logo until the PIN pad opens, then lets go: answers the pad. */
export const holdLogo = async (page: Page) => {
  // The press is the pad's code (a chunk the kiosk shell fetches ahead), wrapped round the logo
  // (a `display: contents` span) once React has it: a press on the bare logo is only the logo's, and
  // is lost when the wrapper comes. The chunk arriving is not enough: when the header showed
  // before it did, the logo stays the Suspense fallback until React reveals the wrapper (it holds
  // a fallback at least 300 ms), which a loaded machine stretches further. Wait for the wrapper.
  const logo = page.getByRole('banner').getByRole('link', { name: 'Statefront' });
  await expect
    .poll(() => logo.evaluate((a) => a.parentElement !== null && getComputedStyle(a.parentElement).display === 'contents'))
    .toBe(true);
  const box = await boxOf(logo, 'the logo');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  const pad = page.getByRole('dialog', { name: 'Leave kiosk mode' });
  await expect(pad).toBeVisible();
  await page.mouse.up();
  return pad;
};

/** A kiosk as a shopper finds it: /kiosk, the attract screen touched, the shop's header in view. */
export const touchToStart = async (page: Page) => {
  await page.goto('/kiosk');
  // Any touch starts, so the button is gone as soon as the pointer is down: one touch, no retries.
  const start = page.getByRole('button', { name: 'Touch to start' });
  const box = await boxOf(start, 'Touch to start');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Statefront' })).toBeVisible();
};
