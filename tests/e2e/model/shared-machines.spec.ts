import type { Page } from '@playwright/test';
import type { Product } from '#contracts/product.ts';
import { guardModel } from '#machines/auth/guard.model.ts';
import { fetchModel } from '#machines/shared/fetch.model.ts';
import { submitModel } from '#machines/shared/submit.model.ts';
import type { ModelSpec } from '#machines/testing/model.ts';
import { login } from '../support/journeys.ts';
import { DEMO_ADMIN, DEMO_USER, expect, skipOnStaging, test } from '../support/shop.ts';
import { createPageReplay, logPages } from './page-log.ts';
import { expectFullCoverage, type Excluded } from './report.ts';

skipOnStaging('creates categories and product reviews, which a shop people use keeps');

/*
 * The route guard and the shared fetch and submit machines run under every page. This
 * spec drives pages that use them with the browser's event log on, and replays what the real
 * actors received on their models: each actor's recorded states must match, and together they
 * must take every transition but the named exclusions.
 */
test.describe.configure({ mode: 'serial' });

const models: Record<string, ModelSpec> = { guard: guardModel(), fetch: fetchModel(), submit: submitModel() };
const { collect, report } = createPageReplay(models);

const goto = async (page: Page, url: string) => {
  if (page.url() !== 'about:blank') await collect(page);
  await page.goto(url);
};

let products: Product[] = [];

test.beforeAll(async ({ request }) => {
  const res = await request.get('/api/products?sort=name_-1');
  products = ((await res.json()) as { products: Product[] }).products;
  expect(products.length).toBeGreaterThanOrEqual(2);
});

test.beforeEach(async ({ page }) => {
  await logPages(page);
});

test('when a guest opens an account page, logs in there, then logs out, then the guard shows the login form, the page, and the form again', async ({
  page,
}) => {
  await goto(page, '/user');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.getByLabel('Email address').fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: /profile/i })).toBeVisible();
  await page.locator('header summary').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await collect(page);
});

test('when a customer opens an admin page, then the guard sends them home', async ({ page }) => {
  await login(page, DEMO_USER);
  await goto(page, '/admin/orders');
  await expect(page).toHaveURL(/\/$/);
  await collect(page);
});

test('when the token check fails for a logged-in customer, then the guard takes its error: the login form, or the page if it asks again', async ({
  page,
}) => {
  // A 401 also makes the tab a guest (client/lib/api.ts), and the guard hears `guard.signedOut`
  // before its own request settles; a failure that says nothing about the session (a 500) is the
  // guard's own error: loading → showLogin. Whether a recheck follows (the guard asks again when
  // the user it knows changes) depends on when the lazy guard mounted; the replay checks each
  // recorded step against the model either way.
  await login(page, DEMO_USER);
  // Every token check fails until the guard has shown its answer: the guard's own request is then
  // sure to be one of them (another call may ask first; under load it did, and the guard's went through).
  let asked = 0;
  await page.route('**/api/get-token', (route) => {
    asked++;
    return route.fulfill({ status: 500, json: { message: 'Something went wrong' } });
  });
  await goto(page, '/user');
  await expect(
    page
      .getByRole('button', { name: 'Login' })
      .or(page.getByRole('heading', { name: /profile/i }))
      .first(),
  ).toBeVisible();
  expect(asked).toBeGreaterThanOrEqual(1);
  await page.unroute('**/api/get-token');
  await collect(page);
});

test('when a product loads, is missing, or the orders call fails once, then the page shows it, the error, and after Try again the orders', async ({
  page,
}) => {
  await goto(page, `/product-details/${products[0]!._id}`);
  await expect(page.getByRole('heading', { name: products[0]!.name })).toBeVisible();
  await goto(page, '/product-details/000000000000000000000000');
  await expect(page.getByRole('alert')).toBeVisible();
  await login(page, DEMO_USER);
  let failed = false;
  await page.route('**/api/orders', (route) => (failed ? route.continue() : ((failed = true), route.abort())));
  await goto(page, '/user/my-orders');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await collect(page);
});

/** An admin creates a category beside the product form; the server's list replaces the shown one at once. */
const createCategory = async (page: Page, prefix: string): Promise<string> => {
  await login(page, DEMO_ADMIN);
  await goto(page, '/admin/create-new-product');
  // The run's shop is shared by every spec: a name of its own, as admin.spec.ts does.
  const category = `${prefix} ${Date.now()}`;
  await page.getByLabel('Or create a new category').fill(category);
  await page.getByLabel('Or create a new category').press('Enter');
  await expect(page.locator('main form').getByLabel('Category', { exact: true })).toHaveValue(category);
  return category;
};

test("when an admin creates a category beside the product form, then the server's list replaces the shown one at once", async ({
  page,
}) => {
  await createCategory(page, 'Model run');
  await collect(page);
});

test('when an admin deletes a category, then "Are you sure?" gates it: Cancel keeps it, a refusal stays shown behind the next question, Yes removes it', async ({
  page,
}) => {
  const category = await createCategory(page, 'Model delete');
  await goto(page, '/admin/products');
  const remove = page.getByRole('button', { name: `Delete category ${category}` });
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  // asking → Cancel (idle); asking → Yes, refused (failed); asking → Cancel (failed again); asking → Yes (sent)
  await remove.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.route('**/api/categories/**', (route) => route.fulfill({ status: 500, json: { message: 'Model run refusal' } }), { times: 1 });
  await remove.click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Model run refusal')).toBeVisible();
  await remove.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Model run refusal')).toBeVisible();
  await remove.click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(remove).toHaveCount(0);
  await collect(page);
});

/** Sends the review form of the product page shown. */
const review = async (page: Page, comment: string, rating: string) => {
  await page.getByLabel('Your review').fill(comment);
  await page.getByLabel('Rating').selectOption(rating);
  await page.getByRole('button', { name: 'Submit' }).click();
};

test('when a customer reviews products, twice, and sends the form empty, then the form says sent, the refusal, and goes back to idle', async ({
  page,
}) => {
  await login(page, DEMO_USER);
  for (const product of products.slice(0, 2)) {
    await goto(page, `/product-details/${product._id}`);
    await review(page, 'Model run review', '4');
    await expect(page.getByText('You successfuly reviewed the page!')).toBeVisible();
    // sent, then a second review of the same product is refused: sent → failed → failed → idle
    if (product === products[0]) {
      await review(page, 'Once more', '5');
      await expect(page.getByText(/already reviewed/)).toBeVisible();
      await review(page, 'And again', '5');
      await expect(page.getByText(/already reviewed/)).toBeVisible();
    }
    // the form checks an empty review itself and forgets the last outcome
    await page.getByLabel('Your review').fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please write a comment')).toBeVisible();
  }
  await collect(page);
});

/** Transitions no browser step here takes, each with the reason. */
const EXCLUDED: Record<string, Excluded[]> = {
  guard: [
    {
      transition: 'guard.redirectHome --guard.recheck#0-->',
      reason: 'the redirect leaves the page at once, so no login or role change reaches that guard',
    },
  ],
  fetch: [
    {
      transition: 'fetch.loading --fetch.reload#0-->',
      reason:
        'no screen reloads a resource that is still loading (reloads follow an answer: a review, a delete, Try again); fetch.machine.test.ts covers it',
    },
  ],
  submit: [
    {
      transition: 'submit.asking --submit.ask#0-->',
      reason: 'the question is a modal dialog: no second Delete can be pressed behind it; submit.model.test.ts covers it',
    },
    {
      transition: 'submit.sending --submit.ask#0-->',
      reason: 'a Delete pressed in the milliseconds a deletion is sent: no person can time it; submit.model.test.ts covers it',
    },
  ],
};

for (const name of Object.keys(models)) {
  test(`when the runs above have finished, then together they took every transition of the ${name} machine`, () => {
    expectFullCoverage(report(name), EXCLUDED[name]!);
  });
}
