import type { Route } from '@playwright/test';
import { DEMO_USER, expect, test } from '../support/shop.ts';
import { KIOSK_TEST_ENV, kioskLogin, startKiosk } from './kiosk-support.ts';

test.use({ shopEnv: KIOSK_TEST_ENV });

/**
 * A refused or unanswered logout must never hand the next shopper the last one's
 * session. The kiosk's reset shows `One moment …` until GET /api/session answers 401.
 */
test('when the logout and session check answer 429, 500 and nothing, then the kiosk shows "One moment …" and the attract screen only once the session answers 401', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await startKiosk(page);
  await kioskLogin(page, DEMO_USER);

  // What the reset meets, in order: each call's failure, then the real answers.
  const logoutFailures: (number | 'none')[] = [429];
  const sessionFailures: (number | 'none')[] = [429, 500, 'none'];
  const seen: string[] = [];
  const failWith = async (route: Route, what: number | 'none') => {
    if (what === 'none') return route.abort('connectionreset');
    return route.fulfill({ status: what, contentType: 'application/json', body: JSON.stringify({ message: `failed with ${what}` }) });
  };
  // Installed while the warning shows: the shopper's app is inert then and asks nothing itself.
  await expect(page.getByRole('alertdialog', { name: 'Do you still need time?' })).toBeVisible({ timeout: 10_000 });
  await page.route('**/api/logout', async (route) => {
    const failure = logoutFailures.shift();
    seen.push(`logout ${failure ?? 'real'}`);
    if (failure !== undefined) return failWith(route, failure);
    return route.continue();
  });
  await page.route('**/api/session', async (route) => {
    const failure = sessionFailures.shift();
    if (failure !== undefined) {
      seen.push(`session ${failure}`);
      return failWith(route, failure);
    }
    const answer = await route.fetch();
    seen.push(`session ${answer.status()}`);
    return route.fulfill({ response: answer });
  });

  const attract = page.getByRole('button', { name: 'Touch to start' });
  await expect(page.getByRole('status').getByText('One moment …')).toBeVisible({ timeout: 10_000 });
  // Each failure keeps the kiosk waiting: never the attract screen while the session may be alive.
  for (const failures of [2, 1, 0]) {
    await expect.poll(() => sessionFailures.length, { timeout: 15_000 }).toBe(failures);
    await expect(attract).toHaveCount(0);
    await expect(page.getByText('One moment …')).toBeVisible();
  }
  await expect(attract).toBeVisible({ timeout: 15_000 });
  expect(seen[0]).toBe('logout 429');
  expect(seen.filter((s) => s.startsWith('session'))).toEqual(['session 429', 'session 500', 'session none', 'session 401']);
  // Every retry logged out again before it checked.
  expect(seen.filter((s) => s.startsWith('logout')).length).toBe(4);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  expect((await page.request.get('/api/session')).status()).toBe(401);
});
