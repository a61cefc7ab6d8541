import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { UserInfo } from '#contracts/user.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { createOracle, e2ePaths } from '#machines/testing/e2e-paths.ts';
import { DEMO_USER, expect, skipOnStaging, test } from '../support/shop.ts';
import { NO_SESSION } from './auth-sample.ts';
import { tab1EventsFor, tabActionOf, twoTabsModel, twoTabsStepKey, type TabAction } from './auth-two-tabs-sample.ts';
import { printCoverage } from './report.ts';

skipOnStaging('logs the demo customer in and out with its known password in two tabs');

/**
 * A second tab is the same session. Both tabs log in without "Do not logout", so the
 * user lives in each tab's own session storage and only the server's session cookie and the
 * tabs' broadcast connect them. Paths come from tab 2's auth machine (auth-two-tabs-sample.ts).
 */
const spec = twoTabsModel();
const paths = e2ePaths(spec, twoTabsStepKey);
const oracle = createOracle(spec);

test.afterAll(() => printCoverage(oracle.report()));

/** Where a tab stands: its own logout leaves for /login, its own login lands on /user; another tab's moves nothing. */
type Tab = { page: Page; at: '/user' | '/login' };

/** A login in the form the tab shows: the guard's form on /user, or the login page. */
const logIn = async (tab: Tab) => {
  const page = tab.page;
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await page.getByLabel('Email address').fill(DEMO_USER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
  await expect(page.getByLabel('Do not logout')).not.toBeChecked();
  await page.getByRole('button', { name: 'Login' }).click();
  tab.at = '/user';
};

const logOut = async (tab: Tab) => {
  await tab.page.locator('header summary').click();
  await tab.page.getByRole('button', { name: 'Logout' }).click();
  tab.at = '/login';
};

/** What a person sees in a tab for its machine's snapshot: the header, and on /user the profile or the login form. */
const expectTabShows = async (tab: Tab, s: AnyMachineSnapshot) => {
  const { page } = tab;
  const header = page.locator('header');
  const loginLink = header.getByRole('link', { name: 'Login', exact: true });
  const registerLink = header.getByRole('link', { name: 'Register', exact: true });
  await expect(page).toHaveURL(new RegExp(`${tab.at}$`));
  const user = (s.context as { userInfo: UserInfo | null }).userInfo;
  if (s.hasTag('guest')) {
    await expect(loginLink).toBeVisible();
    await expect(registerLink).toBeVisible();
    await expect(header.locator('summary')).toHaveCount(0);
    // The account page never waits for a user who is not coming: the login form stands in its place.
    await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
    await expect(page.getByText('Loading your profile ...')).toHaveCount(0);
  } else {
    expect(s.hasTag('loggedIn')).toBe(true);
    await expect(header.locator('summary')).toHaveText(new RegExp(`^${user?.name} ${user?.lastName}`));
    await expect(loginLink).toHaveCount(0);
    await expect(registerLink).toHaveCount(0);
    // On /user the profile loads from the server (GET /api/users/profile/{id}).
    if (tab.at === '/user') await expect(page.getByLabel('Your name')).toHaveValue(user?.name ?? '');
  }
};

for (const [index, path] of paths.entries()) {
  const names = path.map((s) => tabActionOf(s.event)).filter(Boolean);
  test(`when two tabs go ${names.join(' → ')} (two-tab path ${index + 1}/${paths.length}), then each tab shows what its auth machine says`, async ({
    page,
    context,
  }) => {
    // Tab 1 opens an account page first, with nobody logged in.
    const one: Tab = { page, at: '/user' };
    const tab1 = oracle.start({ local: memoryStorage(), session: memoryStorage() }, { newPath: false });
    let tab2Run: ReturnType<typeof oracle.start> | undefined;
    try {
      await page.goto('/user');
      await tab1.step(NO_SESSION);
      await expectTabShows(one, tab1.snapshot());

      let two: Tab | undefined;
      for (const step of path) {
        const action = tabActionOf(step.event);
        if (action === 'open-tab-2-logged-in') {
          await test.step('tab 1 logs in', () => logIn(one));
          for (const e of tab1EventsFor(action)) await tab1.step(e);
          await expectTabShows(one, tab1.snapshot());
        }
        // Tab 2's machine starts when tab 2 opens; the oracle's test actors are keyed by invoke id,
        // so it starts only once tab 1 has no request left open.
        tab2Run ??= oracle.start(spec.input?.());
        const after = await tab2Run.step(step.event);
        expect(after.value).toEqual(step.after.value);
        if (!action) continue;
        two = await test.step(action, () => perform(action, one, two, context));
        if (action !== 'open-tab-2-logged-in' && action !== 'open-tab-2-guest') for (const e of tab1EventsFor(action)) await tab1.step(e);
        await expectTabShows(two, after);
        await expectTabShows(one, tab1.snapshot());
      }
    } finally {
      await tab1.stop();
      await tab2Run?.stop();
    }
  });
}

async function perform(action: TabAction, one: Tab, two: Tab | undefined, context: { newPage: () => Promise<Page> }): Promise<Tab> {
  if (!two) {
    // Both ways of opening tab 2: a new tab at /user, as a person does with a link.
    const page = await context.newPage();
    await page.goto('/user');
    return { page, at: '/user' };
  }
  switch (action) {
    case 'tab-2-logs-in':
      await logIn(two);
      break;
    case 'tab-2-logs-out':
      await logOut(two);
      break;
    case 'tab-1-logs-in':
      await logIn(one);
      break;
    case 'tab-1-logs-out':
      await logOut(one);
      break;
    default:
      break;
  }
  return two;
}

test('when tab 1 logs in without "Do not logout" and tab 2 opens, then tab 2 shows the name and the profile; when tab 2 logs out, then tab 1 shows Login/Register and the login form', async ({
  page,
  context,
}) => {
  const one: Tab = { page, at: '/user' };
  await page.goto('/user');
  await logIn(one);
  await expect(page.getByLabel('Your name')).toHaveValue('John');

  const two: Tab = { page: await context.newPage(), at: '/user' };
  await two.page.goto('/user');
  await expect(two.page.locator('header summary')).toHaveText(/^John Doe/);
  await expect(two.page.getByLabel('Your name')).toHaveValue('John');
  expect(await two.page.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo') ?? 'null')?.name)).toBe('John');

  await logOut(two);
  await expect(page.locator('header').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.locator('header').getByRole('link', { name: 'Register', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Login', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);
  expect(await page.evaluate(() => sessionStorage.getItem('userInfo'))).toBeNull();
});
