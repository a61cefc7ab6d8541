import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { UserInfo } from '#contracts/user.ts';
import { AUTH_TEXTS } from '#machines/auth/auth.machine.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { createOracle, e2ePaths } from '#machines/testing/e2e-paths.ts';
import { submitLogin } from '../support/journeys.ts';
import { DEMO_ADMIN, DEMO_USER, expect, skipOnStaging, test } from '../support/shop.ts';
import {
  actionOf,
  authE2eModel,
  authStepKey,
  E2E_USERS,
  NEWCOMER_PASSWORD,
  NO_SESSION,
  sessionOf,
  UPDATED,
  type AuthAction,
} from './auth-sample.ts';
import { expectFullCoverage, type Excluded } from './report.ts';

skipOnStaging('registers new accounts and renames them, and logs in as both demo accounts with their known passwords');

const spec = authE2eModel();
const paths = e2ePaths(spec, authStepKey);
const oracle = createOracle(spec);
let registered = 0;

const fillLogin = async (page: Page, email: string, password: string) => {
  await page.goto('/login');
  await submitLogin(page, { email, password });
};

const fillRegister = async (page: Page, email: string) => {
  await page.goto('/register');
  await page.getByLabel('Your name').fill(E2E_USERS.newcomer.name);
  await page.getByLabel('Your last name').fill(E2E_USERS.newcomer.lastName);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEWCOMER_PASSWORD);
  await page.getByLabel('Repeat Password').fill(NEWCOMER_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
};

const updateProfile = async (page: Page) => {
  if (!page.url().endsWith('/user')) await page.goto('/user');
  // the form fills from the server's profile first
  await expect(page.getByLabel('Your name')).not.toHaveValue('');
  await page.getByLabel('Your name').fill(UPDATED.name);
  await page.getByLabel('Password', { exact: true }).fill(NEWCOMER_PASSWORD);
  await page.getByLabel('Repeat Password').fill(NEWCOMER_PASSWORD);
  await page.getByRole('button', { name: 'Update' }).click();
};

/** Leaves the profile page for My orders and opens it again, through the "First Last" dropdown (no reload). */
const reopenProfile = async (page: Page) => {
  for (const link of ['My orders', 'My profile']) {
    await page.locator('header summary').click();
    await page.getByRole('link', { name: link, exact: true }).click();
  }
  await expect(page.getByLabel('Your name')).not.toHaveValue('');
};

/** An admin logs out from the admin side menu, a user from the "First Last" dropdown. */
const logout = async (page: Page, before: AnyMachineSnapshot) => {
  if (before.hasTag('admin')) {
    await page.goto('/admin/orders');
    return page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
  }
  await page.locator('header summary').click();
  return page.getByRole('button', { name: 'Logout' }).click();
};

const perform = async (page: Page, action: AuthAction, before: AnyMachineSnapshot) => {
  switch (action) {
    case 'login-john':
      return fillLogin(page, DEMO_USER.email, DEMO_USER.password);
    case 'login-admin':
      return fillLogin(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    case 'login-wrong':
      return fillLogin(page, DEMO_USER.email, 'not-the-password');
    case 'register-new':
      return fillRegister(page, `model-${Date.now()}-${++registered}@example.com`);
    case 'register-taken':
      return fillRegister(page, DEMO_USER.email);
    case 'update-profile':
      return updateProfile(page);
    case 'update-profile-fails':
      await page.route('**/api/users/profile', (route) =>
        route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: 'Internal Server Error' }) : route.fallback(),
      );
      await updateProfile(page);
      await expect(page.getByRole('alert')).toBeVisible();
      return page.unroute('**/api/users/profile');
    case 'open-profile':
      return reopenProfile(page);
    case 'open-other-form':
      // Through the header's link, no reload: the refusal is still in the machine when the form opens.
      await page
        .locator('header')
        .getByRole('link', { name: page.url().endsWith('/login') ? 'Register' : 'Login', exact: true })
        .click();
      return expect(page).toHaveURL(/\/(login|register)$/);
    case 'logout-offline':
      // the same clicks, but the logout call never reaches the server
      await page.route('**/api/logout', (route) => route.abort(), { times: 1 });
      return logout(page, before);
    case 'logout':
      return logout(page, before);
  }
};

/**
 * What the page must show for the machine's snapshot: its tags, the user's name, the error text.
 * `action` is the visitor's last action in this tab (null: none), for where the page must have gone.
 */
const expectPageShows = async (page: Page, s: AnyMachineSnapshot, action: AuthAction | null) => {
  const ctx = s.context as { userInfo: UserInfo | null; error: string | null; notice: string | null };
  const header = page.locator('header');
  const loginLink = header.getByRole('link', { name: 'Login', exact: true });
  const registerLink = header.getByRole('link', { name: 'Register', exact: true });
  const adminLink = header.getByRole('link', { name: /^Admin/ });
  if (s.hasTag('guest')) {
    await expect(loginLink).toBeVisible();
    await expect(registerLink).toBeVisible();
    await expect(adminLink).toHaveCount(0);
    await expect(header.locator('summary')).toHaveCount(0);
    if (s.hasTag('error')) await expect(page.getByRole('alert').filter({ hasText: ctx.error ?? '' })).toHaveText(ctx.error ?? '');
    else for (const text of [AUTH_TEXTS.wrongCredentials, AUTH_TEXTS.userExists]) await expect(page.getByText(text)).toHaveCount(0);
    if (action === 'logout' || action === 'logout-offline') await expect(page).toHaveURL(/\/login$/);
  } else {
    await expect(loginLink).toHaveCount(0);
    await expect(registerLink).toHaveCount(0);
    // A user restored from the server's session (action null) stays on the page the tab was on.
    if (s.hasTag('admin')) {
      await expect(adminLink).toBeVisible();
      if (action) await expect(page).toHaveURL(/\/admin\/orders$/);
    } else {
      await expect(header.locator('summary')).toHaveText(new RegExp(`^${ctx.userInfo?.name} ${ctx.userInfo?.lastName}`));
      await expect(adminLink).toHaveCount(0);
      if (action) await expect(page).toHaveURL(/\/user$/);
    }
    if (ctx.notice) await expect(page.getByRole('status').filter({ hasText: ctx.notice })).toBeVisible();
    // The profile page opened again shows no outcome of an update sent before.
    if (action === 'open-profile')
      for (const text of [AUTH_TEXTS.userUpdated, AUTH_TEXTS.somethingWrong]) await expect(page.getByText(text)).toHaveCount(0);
    if (s.hasTag('error')) await expect(page.getByRole('alert').filter({ hasText: ctx.error ?? '' })).toHaveText(ctx.error ?? '');
  }
};

/** The session the server keeps after an action: logins open one, a logout that arrives ends it. */
const serverAfter = (action: AuthAction, before: UserInfo | null, after: AnyMachineSnapshot): UserInfo | null => {
  if (action === 'logout') return null;
  const ctx = after.context as { userInfo: UserInfo | null };
  return ctx.userInfo ?? before;
};

for (const [index, path] of paths.entries()) {
  const names = path.map((s) => actionOf(s.event)).filter(Boolean);
  test(`when a visitor goes ${names.join(' → ')} (auth path ${index + 1}/${paths.length}), then every step shows what the auth machine says`, async ({
    page,
  }) => {
    const storages = { local: memoryStorage(), session: memoryStorage() };
    let run = oracle.start(storages);
    try {
      let action: AuthAction | null = null;
      // Who the browser's session cookie belongs to on the server, as the steps leave it.
      let server: UserInfo | null = null;
      // where the visitor stood before the request now answered (e.g. an admin before logging out)
      let settled = run.snapshot();
      for (const step of path) {
        const after = await run.step(step.event);
        // the machine beside the browser and the generated path agree on every step
        expect(after.value).toEqual(step.after.value);
        const next = actionOf(step.event);
        if (next) {
          action = next;
          await test.step(next, () => perform(page, next, settled));
          server = serverAfter(next, server, after);
        }
        if (after.hasTag('loading')) continue;
        settled = after;
        if (action) await expectPageShows(page, after, action);
      }
      // A reload starts the app again from what this tab stored (spec section 4).
      await run.stop();
      run = oracle.start(storages, { newPath: false });
      await test.step('reload', () => page.reload());
      // Nothing stored in this tab: it asks the server, which still knows a session a logout
      // that never reached it left alive.
      const restored = run.snapshot().hasTag('restoring');
      if (restored) await run.step(server ? sessionOf(server) : NO_SESSION);
      await expectPageShows(page, run.snapshot(), restored ? null : action);
    } finally {
      await run.stop();
    }
  });
}

test('when another tab logs in with "Do not logout" and later logs out, then this tab follows both (storage event and broadcast)', async ({
  page,
  context,
}) => {
  const local = memoryStorage();
  const here = oracle.start({ local, session: memoryStorage() });
  // The oracle's test actors are keyed by invoke id: the second tab starts once the first has its answer.
  let there: ReturnType<typeof oracle.start> | undefined;
  try {
    await page.goto('/');
    await here.step(NO_SESSION);
    await expectPageShows(page, here.snapshot(), null);
    const tab = await context.newPage();
    there = oracle.start({ local, session: memoryStorage() }, { newPath: false });
    await there.step(NO_SESSION);

    await there.step({ type: 'auth.login', email: DEMO_USER.email, password: DEMO_USER.password, doNotLogout: true });
    await there.step({
      type: 'xstate.done.actor.login',
      output: { success: 'user logged in', userLoggedIn: { ...E2E_USERS.john, doNotLogout: true } },
    });
    await tab.goto('/login');
    await tab.getByLabel('Email address').fill(DEMO_USER.email);
    await tab.getByLabel('Password', { exact: true }).fill(DEMO_USER.password);
    await tab.getByLabel('Do not logout').check();
    await tab.getByRole('button', { name: 'Login' }).click();
    await expectPageShows(tab, there.snapshot(), 'login-john');
    const loggedIn = await here.step({ type: 'auth.storageChanged' });
    expect(loggedIn.hasTag('loggedIn')).toBe(true);
    // no reload here: the storage event alone shows the user
    await expect(page.locator('header summary')).toHaveText(/^John Doe/);
    await expect(page.locator('header').getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);

    await there.step({ type: 'auth.logout' });
    await there.step({ type: 'xstate.done.actor.logout', output: undefined });
    await perform(tab, 'logout', loggedIn);
    await expectPageShows(tab, there.snapshot(), 'logout');
    // The storage event (nothing stored: ask the server) and the broadcast arrive in either order; a guest either way.
    await here.step({ type: 'auth.storageChanged' });
    const loggedOut = await here.step({ type: 'auth.elsewhere.loggedOut' });
    expect(loggedOut.hasTag('guest')).toBe(true);
    await expect(page.locator('header').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.locator('header summary')).toHaveCount(0);
  } finally {
    await here.stop();
    await there?.stop();
  }
});

test('when the session ends on the server, then the next answer 401 logs the visitor out (auth.unauthorized)', async ({
  page,
  context,
}) => {
  const run = oracle.start({ local: memoryStorage(), session: memoryStorage() });
  try {
    await run.step(NO_SESSION);
    await run.step({ type: 'auth.login', email: DEMO_USER.email, password: DEMO_USER.password, doNotLogout: false });
    await run.step({ type: 'xstate.done.actor.login', output: { success: 'user logged in', userLoggedIn: E2E_USERS.john } });
    await perform(page, 'login-john', run.snapshot());
    await expectPageShows(page, run.snapshot(), 'login-john');

    await context.clearCookies();
    const after = await run.step({ type: 'auth.unauthorized' });
    // The profile page's own call may already meet the 401; a fresh visit is sure to.
    await page.goto('/user/my-orders');
    await expect(page.locator('header').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    expect(after.hasTag('guest')).toBe(true);
    await expect(page.locator('header summary')).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('userInfo'))).toBeNull();
  } finally {
    await run.stop();
  }
});

test('when another tab registers, renames and logs out without "Do not logout", then this tab follows through the broadcast alone (auth.elsewhere.*)', async ({
  page,
  context,
}) => {
  const here = oracle.start({ local: memoryStorage(), session: memoryStorage() }, { newPath: false });
  try {
    await page.goto('/');
    await here.step(NO_SESSION);
    await expectPageShows(page, here.snapshot(), null);
    const tab = await context.newPage();

    // Session storage is per tab and local storage stays empty: no storage event, only the channel.
    await fillRegister(tab, `tabs-${Date.now()}@example.com`);
    await expect(tab.locator('header summary')).toHaveText(/^Ann Model/);
    const shown = await here.step({ type: 'auth.elsewhere.user', userInfo: { ...E2E_USERS.newcomer, doNotLogout: false } });
    await expectPageShows(page, shown, null);

    await updateProfile(tab);
    await expect(tab.locator('header summary')).toHaveText(new RegExp(`^${UPDATED.name} `));
    const renamed = await here.step({ type: 'auth.elsewhere.user', userInfo: { ...UPDATED, doNotLogout: false } });
    await expectPageShows(page, renamed, null);

    await perform(tab, 'logout', renamed);
    const gone = await here.step({ type: 'auth.elsewhere.loggedOut' });
    await expectPageShows(page, gone, null);
    await expect(page).toHaveURL(/\/$/);
  } finally {
    await here.stop();
  }
});

/** Transitions no browser step can take, each with the reason. */
const RACE =
  "another tab's message arriving while this tab waits for its own answer: no person can time it; machines/auth/auth-tabs.test.ts covers it";
const EXCLUDED: Excluded[] = [
  {
    transition: 'auth.restoring --auth.login#0-->',
    reason: 'a login sent before the first session answer: the answer comes first unless the network is slow; auth-tabs.test.ts covers it',
  },
  { transition: 'auth.restoring --auth.register#0-->', reason: 'as the login: a registration sent before the first session answer' },
  { transition: 'auth.restoring --auth.elsewhere.user#0-->', reason: RACE },
  { transition: 'auth.guest.loggingIn --auth.elsewhere.user#0-->', reason: RACE },
  { transition: 'auth.guest.registering --auth.elsewhere.user#0-->', reason: RACE },
];

test('when every browser run above has finished, then together they took every transition of the auth machine', () => {
  expectFullCoverage(oracle.report(), EXCLUDED);
});
