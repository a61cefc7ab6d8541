import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { Product } from '#contracts/product.ts';
import { passwordResetModel } from '#machines/auth/password-reset.model.ts';
import { carouselModel } from '#machines/carousel/carousel.model.ts';
import { PARTLY_CREATED } from '#machines/product-images/product-create.machine.ts';
import { productCreateModel } from '#machines/product-images/product-create.model.ts';
import { productImagesModel } from '#machines/product-images/product-images.model.ts';
import type { ModelSpec } from '#machines/testing/model.ts';
import { paddedPng } from '../admin/admin-helpers.ts';
import { login } from '../support/journeys.ts';
import { account, expect, skipOnStaging, test } from '../support/shop.ts';
import { createPageReplay, logPages, openPaused, pauseNow, T0 } from './page-log.ts';
import { walkPasswordReset } from './password-reset-walk.ts';
import { expectFullCoverage, type Excluded } from './report.ts';

/*
 * The machines added after shared-machines.spec.ts (the home carousel, the admin's
 * product images, and later the create page's product and images) get their browser
 * run the same way: real pages with the event log on, each actor's recorded events replayed on
 * its model, and together every transition but the named exclusions. Timers run on the page's
 * paused clock, so each timer's event is one the test chose; the replay's own timers wait on a
 * clock never advanced and take the logged timer events instead.
 */
test.describe.configure({ mode: 'serial' });

const models: Record<string, ModelSpec> = {
  carousel: carouselModel(),
  'product-images': productImagesModel(),
  'product-create': productCreateModel(),
  'password-reset': passwordResetModel(),
};

const { collect, report } = createPageReplay(models);

test.beforeEach(async ({ page }) => {
  await logPages(page);
  await page.clock.install({ time: T0 });
});

const carouselReady = async (page: Page) => {
  await expect(page.getByRole('region', { name: 'Bestseller slides' })).toBeVisible();
  // The server's HTML shows the slides before the page hydrates: the clock is paused only once the
  // carousel's actor has started (its timer set), or the 5 s run below may pass before it exists.
  await page.waitForFunction(() =>
    /"actor": "carousel"/.test((window as { statefrontEvents?: { toJSON(): string } }).statefrontEvents?.toJSON() ?? ''),
  );
};

test('when a shopper waits, points at, tabs into, moves, pauses and plays the bestseller carousel, then it rotates, holds and moves as the model says', async ({
  page,
}) => {
  // The pointer starts away from the carousel, so only the steps below hover it.
  await page.mouse.move(0, 0);
  await openPaused(page, '/', carouselReady);
  const carousel = page.getByRole('region', { name: 'Bestseller slides' });
  const active = carousel.locator('[aria-roledescription="slide"]:not([hidden])');
  const first = await active.getAttribute('aria-label');
  await page.clock.runFor(5000);
  await expect(active).not.toHaveAttribute('aria-label', first ?? '');

  await carousel.hover();
  await page.mouse.move(0, 0);

  const next = page.getByRole('button', { name: 'Next slide' });
  await next.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('button', { name: /Pause slide show/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /Play slide show/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /Pause slide show/ })).toBeVisible();
  await page.getByRole('button', { name: /Pause slide show/ }).blur();
  await collect(page);
});

test('when the shop has a single bestseller, then the carousel shows it still', async ({ page, request }) => {
  const all = (await (await request.get('/api/products/bestsellers')).json()) as unknown[];
  await page.route('**/api/products/bestsellers', (route) => route.fulfill({ json: all.slice(0, 1) }));
  // Home arrives server-rendered with the shop's real bestsellers inlined; reached from a page the
  // server does not render, home asks the (routed) API in the browser.
  await page.goto('/login');
  await page.getByRole('banner').getByRole('link', { name: 'Statefront' }).click();
  await carouselReady(page);
  await pauseNow(page);
  await expect(page.getByRole('button', { name: 'Next slide' })).toHaveCount(0);
  await collect(page);
});

/** Holds the next GET of the product (the refresh) until the test lets it go. */
const holdNext = (page: Page, pattern: string) => {
  let release!: (how: 'continue' | 'abort') => void;
  const held = new Promise<Route>((resolve) => {
    void page.route(
      pattern,
      async (route) => {
        resolve(route);
        const how = await new Promise<'continue' | 'abort'>((r) => (release = r));
        await (how === 'abort' ? route.abort() : route.continue()).catch(() => undefined);
      },
      { times: 1 },
    );
  });
  return { held, release: (how: 'continue' | 'abort') => release(how) };
};

/** The admin, as the run's --admin account, on the edit page of the last product by name; the page's clock paused. */
const openEditPage = async (page: Page, request: APIRequestContext): Promise<Product> => {
  const admin = account('admin');
  const products = ((await (await request.get('/api/products?sort=name_-1')).json()) as { products: Product[] }).products;
  const product = products[0]!;
  await login(page, admin);
  await openPaused(page, `/admin/edit-product/${product._id}`, async (p) => {
    await expect(p.getByLabel('Name', { exact: true })).not.toHaveValue('');
  });
  return product;
};

test('when an admin uploads, uploads again before and during the refresh, the refresh fails once, and deletes images with one delete failing, then the images follow the model', async ({
  page,
  request,
}) => {
  // On a staging run too, as the --admin account: everything is the product page's, and the run deletes the images it uploads.
  const product = await openEditPage(page, request);
  const images = page.getByRole('img', { name: /^Product image / });
  const before = await images.count();
  const upload = async (name: string) => {
    await page.getByLabel('Upload images').setInputFiles({ name, mimeType: 'image/png', buffer: paddedPng(name) });
    await expect(page.getByRole('progressbar', { name: `Upload of ${name}` })).toHaveAttribute('data-status', 'done');
    await expect(page.getByLabel('Upload images')).toBeEnabled();
  };
  const getOne = `**/api/products/get-one/${product._id}`;

  await upload('model-1.png');
  // a second upload inside the 5 s wait starts it again
  await upload('model-2.png');
  // an upload while the refresh is on its way replaces it
  const slow = holdNext(page, getOne);
  await page.clock.runFor(5000);
  await slow.held;
  await upload('model-3.png');
  slow.release('continue');
  // the refresh fails once: the page says so and keeps the list
  const failing = holdNext(page, getOne);
  await page.clock.runFor(5000);
  await failing.held;
  failing.release('abort');
  await expect(page.locator('section[aria-labelledby="product-images"]').getByRole('alert')).toBeVisible();
  await expect(images).toHaveCount(before);
  // the next refresh shows the three new images
  await upload('model-4.png');
  await page.clock.runFor(5000);
  await expect(images).toHaveCount(before + 4);

  // a delete that fails keeps the image; the others remove what this run added
  await page.route('**/api/products/admin/image/**', (route) => route.abort(), { times: 1 });
  await page.getByRole('button', { name: `Delete image ${before + 1}` }).click();
  await expect(page.getByRole('button', { name: `Delete image ${before + 1}` })).toBeEnabled();
  await expect(images).toHaveCount(before + 4);
  for (let left = 4; left > 0; left--) {
    await page.getByRole('button', { name: `Delete image ${before + 1}` }).click();
    await expect(images).toHaveCount(before + left - 1);
  }
  await collect(page);
});

test('when the shop cannot say where images go and refuses the file, then the file goes to the shop and its row says why', async ({
  page,
  request,
}) => {
  // Answered in this browser only: nothing reaches the shop's data, so a staging run may do it too.
  await openEditPage(page, request);
  await page.route('**/api/products/admin/image-host', (route) => route.fulfill({ status: 500, json: { message: 'Model run refusal' } }), {
    times: 1,
  });
  const sentTo: string[] = [];
  await page.route(
    '**/api/products/admin/upload?**',
    (route) => {
      sentTo.push(new URL(route.request().url()).pathname);
      return route.fulfill({ status: 415, json: { message: 'Only images can be uploaded' } });
    },
    { times: 1 },
  );
  await page.getByLabel('Upload images').setInputFiles({ name: 'model-refused.png', mimeType: 'image/png', buffer: paddedPng('refused') });
  await expect(page.getByRole('progressbar', { name: 'Upload of model-refused.png' })).toHaveAttribute('data-status', 'failed');
  await expect(page.getByRole('alert').filter({ hasText: 'model-refused.png: Only images can be uploaded' })).toBeVisible();
  await expect(page.getByLabel('Upload images')).toBeEnabled();
  expect(sentTo).toEqual(['/api/products/admin/upload']);
  await collect(page);
});

/**
 * The create page with its form filled and one image chosen. Every call of its send is answered in
 * this browser (`answer`), so no product is made: a staging run may do it too.
 */
const openCreatePage = async (page: Page) => {
  await login(page, account('admin'));
  await page.goto('/admin/create-new-product');
  const form = page.locator('main form');
  await expect(form.getByLabel('Category', { exact: true }).locator('option')).not.toHaveCount(1);
  await form.getByLabel('Name', { exact: true }).fill('Model run lamp');
  await form.getByLabel('Description').fill('Answered in the browser only');
  await form.getByLabel('Count in stock').fill('3');
  await form.getByLabel('Price').fill('12.5');
  await form.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
  await page
    .getByLabel('Images', { exact: true })
    .setInputFiles({ name: 'model-new.png', mimeType: 'image/png', buffer: paddedPng('new') });
  const create = page.getByRole('button', { name: 'Create', exact: true });
  /** Answers the next call to `pattern` once, with `status` and `json`. */
  const answer = (pattern: string, status: number, json: unknown) =>
    page.route(pattern, (route) => route.fulfill({ status, json }), { times: 1 });
  const created = (id: string) => answer('**/api/products/admin', 201, { productCreated: 'ok', productId: id });
  const upload = (status: number) =>
    answer(
      '**/api/products/admin/upload?**',
      status,
      status === 201 ? { message: 'upload successful', images: [] } : { message: 'Only images can be uploaded' },
    );
  const row = page.getByRole('progressbar', { name: 'Upload of model-new.png' });
  return { create, answer, created, upload, row };
};

test('when an admin creates a product that is refused, then made with its image refused, then the page says each, links to the product made and offers no second Create', async ({
  page,
}) => {
  const { create, answer, created, upload, row } = await openCreatePage(page);
  await answer('**/api/products/admin', 400, { message: 'Model run refusal' });
  await create.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Model run refusal' })).toBeVisible();
  // made, but the image refused: the image host is asked (the shop's own answer) and the file goes to the shop
  await created('model-run-1');
  await upload(415);
  await create.click();
  await expect(row).toHaveAttribute('data-status', 'failed');
  const partly = page.getByRole('alert').filter({ hasText: PARTLY_CREATED });
  await expect(partly).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'model-new.png: Only images can be uploaded' })).toBeVisible();
  // the product exists: its edit page is offered, in the announced alert and by keyboard, and no Create makes it again
  const edit = partly.getByRole('link', { name: 'Edit the new product' });
  await expect(edit).toHaveAttribute('href', '/admin/edit-product/model-run-1');
  await edit.focus();
  await expect(edit).toBeFocused();
  await expect(page.getByRole('button', { name: /^(Create|Saving \.\.\.)$/ })).toHaveCount(0);
  await collect(page);
});

test("when the shop cannot say where images go, then the new product's image goes to the shop", async ({ page }) => {
  const { create, answer, created, upload } = await openCreatePage(page);
  await answer('**/api/products/admin/image-host', 500, { message: 'Model run refusal' });
  await created('model-run-3');
  await upload(201);
  await create.click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await collect(page);
});

test('when a customer forgets the password, is refused once, asks twice and follows the mails (.eml), then the older link is void and the newer one logs them in', async ({
  page,
  request,
  shop,
}) => {
  skipOnStaging('registers an account and reads the mail the shop writes under its DATA_DIR');
  await walkPasswordReset(page, request, shop.dataDir!, collect);
});

/** Transitions no browser step here takes, each with the reason. */
const EXCLUDED: Record<string, Excluded[]> = {
  carousel: [
    {
      transition: 'carousel --carousel.goTo#0-->',
      reason: 'the carousel shows no slide picker (dots): only the arrows, ←/→ and swipes move it; carousel.machine.test.ts covers it',
    },
    {
      transition: 'carousel --carousel.count#0-->',
      reason:
        'the home page loads the bestsellers once and never reloads them while the carousel is shown, so its length never changes; carousel.machine.test.ts covers it',
    },
  ],
  'product-images': [],
  'product-create': [],
  'password-reset': [],
};

for (const name of Object.keys(models)) {
  test(`when the runs above have finished, then together they took every transition of the ${name} machine`, () => {
    expectFullCoverage(report(name), EXCLUDED[name]!);
  });
}
