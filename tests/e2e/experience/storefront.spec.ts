import type { APIRequestContext, Browser, Page, Route } from '@playwright/test';
import type { Product, ProductListResponse } from '#contracts/product.ts';
import { bookInCart, CSRF, loginByApi, orderABook, registerByForm } from '../support/journeys.ts';
import { DEMO_ADMIN, DEMO_USER, expect, test } from '../support/shop.ts';

const PHONE = { width: 360, height: 740 };

/** The demo products, read from the API through the public port. */
const productsOf = async (request: APIRequestContext, query = 'sort=name_-1'): Promise<Product[]> => {
  const res = await request.get(`/api/products/?${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as ProductListResponse).products as Product[];
};

/** How many orders the logged-in customer has (GET /api/orders). */
const myOrderCount = async (request: APIRequestContext): Promise<number> => {
  const res = await request.get('/api/orders');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as unknown[]).length;
};

/** The admin sets a product's stock, as the edit form does (PUT /api/products/admin/{id}). */
const setStock = async (browser: Browser, baseURL: string, product: Product, count: number) => {
  const context = await browser.newContext({ baseURL });
  try {
    const { request } = context;
    await loginByApi(request, DEMO_ADMIN);
    const attributesTable = product.attrs.map(({ key, value }) => ({ key, value }));
    const { name, description, price, category } = product;
    const res = await request.put(`/api/products/admin/${product._id}`, {
      headers: CSRF,
      data: { name, description, count, price, category, attributesTable },
    });
    expect(res.ok(), await res.text()).toBe(true);
  } finally {
    await context.close();
  }
};

/**
 * Holds the page's main script until `release` is called, so the test acts on the server's page
 * before the scripts take over, at a known moment instead of racing a timer; and slows the CPU 4×,
 * as a mid-range phone is.
 */
const beforeScripts = async (page: Page) => {
  const html = await (await page.request.get('/')).text();
  const main = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!main) throw new Error('index.html names no module script');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === main,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return release;
};

test.describe('the first order without detours', () => {
  test('when a shopper ticks 16 GB on a category list and presses Filter without touching the slider (it reads "Any price", its thumb at the end), then no price is sent and the laptops show (after Try again, when the first call got no answer); Reset filters stays in the category, and "Skip to results" passes the filters', async ({
    page,
  }) => {
    await page.goto('/product-list/category/Computers');
    const panel = page.getByRole('form', { name: 'Filters' });
    // a keyboard skips the filters: the next Tab after `Skip to results` is in the list
    await page.getByRole('link', { name: 'Skip to results' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#product-list-results') !== null)).toBe(true);
    // untouched, the slider means no limit: it says so, with its thumb at the end
    await expect(panel.locator('output')).toHaveText('Any price');
    await expect(panel.getByRole('slider')).toHaveValue('1000');
    await panel.getByRole('checkbox', { name: '16 GB' }).check();
    // the filtered list's first call gets no answer: the error comes with a Try again the keyboard reaches
    await page.route('**/api/products/category/**', (route) => route.abort(), { times: 1 });
    await panel.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page).toHaveURL(/\/product-list\/category\/Computers\?attrs=RAM-16\+GB$/);
    const failed = page.getByRole('alert').filter({ hasText: 'Error while loading products. Try again later.' });
    await failed.getByRole('button', { name: 'Try again' }).focus();
    await page.keyboard.press('Enter');
    await expect(failed).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^See product / }).first()).toBeVisible();
    await expect(page.getByText('No products found', { exact: false })).toHaveCount(0);
    // Reset clears the filters and stays in the category
    await panel.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).toHaveURL(/\/product-list\/category\/Computers$/);
    await expect(panel.getByRole('checkbox', { name: '16 GB' })).not.toBeChecked();
    // the spec's own client still gets its price filter
    const capped = await productsOf(page.request, 'pageNum=1&price=500&rating=&category=&attrs=&sort=');
    expect(capped.every((p) => p.price <= 500)).toBe(true);
  });

  test('when lines of the cart sold out or fell below their quantity, then the cart page lowers and drops them and says so', async ({
    page,
    browser,
    baseURL,
  }) => {
    const [lowered, soldOut] = (await productsOf(page.request)).filter((p) => p.count >= 3);
    if (!lowered || !soldOut) throw new Error('the demo shop needs two products with 3 in stock');
    for (const product of [lowered, soldOut]) {
      await page.goto(`/product-details/${product._id}`);
      await page.getByLabel('Quantity', { exact: true }).selectOption('3');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText(`${product.name} is in your cart (quantity 3).`)).toBeVisible();
    }
    await setStock(browser, baseURL!, lowered, 2);
    await setStock(browser, baseURL!, soldOut, 0);
    try {
      await page.getByRole('link', { name: 'Go to cart' }).click();
      await expect(page.getByText(`${lowered.name}: only 2 left, quantity lowered`)).toBeVisible();
      await expect(page.getByText(`${soldOut.name} is sold out`)).toBeVisible();
      const lines = page.getByRole('list', { name: 'Products in your cart' }).getByRole('listitem');
      await expect(lines).toHaveCount(1);
      const quantity = page.getByLabel(`Quantity of ${lowered.name}`);
      await expect(quantity).toHaveValue('2');
      await expect(quantity.locator('option')).toHaveText(['1', '2']);
      await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeEnabled();
    } finally {
      await setStock(browser, baseURL!, lowered, lowered.count);
      await setStock(browser, baseURL!, soldOut, soldOut.count);
    }
  });

  test('when the customer places an order and presses Back, then the placed order shows, not an empty $0 checkout; Back again leaves it', async ({
    page,
  }) => {
    const order = await orderABook(page, 'cod');
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/user/order-details/${order}$`));
    await expect(page.getByText(`Order #${order.slice(0, 8).toUpperCase()}`, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Checkout' })).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('Your cart is empty', { exact: true })).toBeVisible();
  });

  test('when a guest at the checkout registers instead of logging in, then the profile offers "Continue to checkout", which goes back there', async ({
    page,
  }) => {
    await bookInCart(page);
    await page.getByRole('link', { name: 'Go to cart' }).click();
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await expect(page).toHaveURL(/\/user\/cart-details$/);
    await page.getByRole('main').getByRole('link', { name: 'Register', exact: true }).click();
    await registerByForm(page, {
      name: 'Rita',
      lastName: 'Return',
      email: `back-${crypto.randomUUID()}@example.com`,
      password: 'secret123',
    });
    await expect(page.getByRole('heading', { name: 'Change your profile' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue to checkout' }).click();
    await expect(page).toHaveURL(/\/user\/cart-details$/);
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  test('when the checkout is reloaded, then cash on delivery stays chosen; when placing stalls, then "Still working…" after 8 s, the error by the button, focused, and Try again makes one order though the stalled call made it', async ({
    page,
  }) => {
    await loginByApi(page.request, DEMO_USER);
    await bookInCart(page);
    const before = await myOrderCount(page.request);
    await page.clock.install();
    await page.goto('/user/cart-details');
    const method = page.getByLabel('Choose how you pay');
    await method.selectOption('cod');
    await page.reload();
    await expect(method).toHaveValue('cod');

    const keys: (string | undefined)[] = [];
    let stalled: (route: Route) => void = () => {};
    const held = new Promise<Route>((resolve) => (stalled = resolve));
    await page.route('**/api/orders', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      // the first call is held: it reaches the shop only once the page has given up on it
      if (keys.length === 1) stalled(route);
      else await route.continue();
    });
    await page.getByRole('button', { name: 'Place order' }).click();
    const first = await held;
    await page.clock.fastForward(8_000);
    await expect(page.getByRole('button', { name: /Still working…$/ })).toBeDisabled();
    await page.clock.fastForward(22_000);
    const error = page.getByRole('alert').filter({ hasText: 'The shop did not answer in time.' });
    await expect(error).toBeVisible();
    await expect(page.locator(':focus')).toContainText('The shop did not answer in time.');
    const late = await first.fetch();
    expect(late.ok(), await late.text()).toBe(true);
    // the page aborted that call: nothing is there to take the answer
    await first.fulfill({ response: late }).catch(() => undefined);

    await error.getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/user\/order-details\//);
    await expect(page.getByText('Cash on delivery', { exact: true })).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await myOrderCount(page.request)).toBe(before + 1);
  });
});

test.describe('what a shopper does before the page is interactive is kept', () => {
  test('when a quantity is picked on a server-rendered product page before the scripts run (CPU 4× slower), then it stays and Add to cart adds it', async ({
    page,
  }) => {
    const [product] = (await productsOf(page.request)).filter((p) => p.count >= 3);
    const release = await beforeScripts(page);
    await page.goto(`/product-details/${product!._id}`, { waitUntil: 'commit' });
    const quantity = page.getByLabel('Quantity', { exact: true });
    await quantity.selectOption('3');
    const add = page.getByRole('button', { name: 'Add to cart' });
    // shown inert until it works
    await expect(add).toBeDisabled();
    release();
    await expect(add).toBeEnabled();
    await expect(quantity).toHaveValue('3');
    await add.click();
    await expect(page.getByText(`${product!.name} is in your cart (quantity 3).`)).toBeVisible();
    await expect(quantity).toHaveValue('3');
  });

  test('when text is typed into the header search before the scripts run (CPU 4× slower), then it stays and searches', async ({ page }) => {
    const release = await beforeScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await box.fill('lamp');
    const search = page.getByRole('search').getByRole('button', { name: 'Search' });
    await expect(search).toBeDisabled();
    release();
    await expect(search).toBeEnabled();
    await expect(box).toHaveValue('lamp');
    await search.click();
    await expect(page).toHaveURL(/\/product-list\/search\/lamp$/);
    await expect(box).toHaveValue('lamp');
  });

  test('when list filters are ticked before the scripts run (CPU 4× slower), then they stay and Filter applies them', async ({ page }) => {
    // on a phone, where the server's page has the filters folded (a native <details> the shopper opens)
    await page.setViewportSize(PHONE);
    const release = await beforeScripts(page);
    await page.goto('/product-list/category/Computers', { waitUntil: 'commit' });
    await page.locator('summary', { hasText: 'Filters' }).click();
    const panel = page.getByRole('form', { name: 'Filters' });
    await panel.getByRole('checkbox', { name: '16 GB' }).check();
    await panel.getByRole('checkbox', { name: /^5 stars$/ }).check();
    const filter = panel.getByRole('button', { name: 'Filter', exact: true });
    await expect(filter).toBeDisabled();
    release();
    await expect(filter).toBeEnabled();
    await expect(panel.getByRole('checkbox', { name: '16 GB' })).toBeChecked();
    await filter.click();
    await expect(page).toHaveURL(/\/product-list\/category\/Computers\?rating=5&attrs=RAM-16\+GB$/);
    await expect(panel.getByRole('checkbox', { name: '16 GB' })).toBeChecked();
  });
});

test.describe("the spec's own client", () => {
  test('when the list is asked with the sort box placeholder (sort=SORT BY), then products show in the default order', async ({ page }) => {
    const res = await page.request.get('/api/products/?pageNum=1&price=&rating=&category=&attrs=&sort=SORT%20BY');
    expect(res.status()).toBe(200);
    expect(((await res.json()) as ProductListResponse).products.length).toBeGreaterThan(0);
    await page.goto('/product-list?sort=SORT%20BY');
    await expect(page.getByRole('link', { name: /^See product / }).first()).toBeVisible();
    await expect(page.getByText('Error while loading products. Try again later.')).toHaveCount(0);
  });

  test('when a phone shopper types a 250-character word into the search, then the box keeps 200, the list shows and nothing is wider than the phone', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Search products' });
    await expect(box).toHaveAttribute('maxlength', '200');
    await expect(page.getByRole('search').getByRole('button', { name: 'Search' })).toBeEnabled();
    await box.fill('w'.repeat(250));
    await expect(box).toHaveValue('w'.repeat(200));
    await box.press('Enter');
    await expect(page).toHaveURL(/\/product-list\/search\/w{200}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('w'.repeat(50));
    await expect(page.getByText('Error while loading products. Try again later.')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'No products found' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
