import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '#contracts/password-reset.ts';
import { resetTokenIn, waitForEml } from '../../../api/testing/mail-inbox.ts';

/**
 * The password-reset machine's browser walk (more-machines.spec.ts): a new customer asks for a
 * link on /forgot-password, is refused once (the network's limit, answered in this browser
 * only), asks twice, and follows both mails' links (.eml under `dataDir`). The older link is
 * void (a newer one replaced it); the newer one's first save gets no answer and the form stays,
 * the second logs the customer in at their home (a used link is refused as the void one is:
 * bff/session/session.test.ts). Every page's log is replayed on the model by `collect`, which
 * together takes every transition.
 */
export const walkPasswordReset = async (
  page: Page,
  request: APIRequestContext,
  dataDir: string,
  collect: (page: Page) => Promise<void>,
): Promise<void> => {
  const email = `forgetful-${Date.now()}@example.test`;
  const registered = await request.post('/api/users/register', {
    data: { name: 'Fay', lastName: 'Gott', email, password: 'first-password' },
    headers: { 'x-csrf': '1' },
  });
  expect(registered.status()).toBe(201);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes at once, but the login form (which has an Email address too) stays on
  // screen until the page's chunk has loaded: a fill before then went into the login form (CI).
  await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  const send = page.getByRole('button', { name: 'Send me a link' });
  const tooMany = 'Too many reset links asked from your network: try again later';
  await page.route('**/api/users/forgot-password', (route) => route.fulfill({ status: 429, json: { message: tooMany } }), { times: 1 });
  await send.click();
  await expect(page.getByRole('alert').filter({ hasText: tooMany })).toBeVisible();
  await send.click();
  await expect(page.getByRole('status')).toHaveText(FORGOT_PASSWORD_ANSWER);
  await send.click();
  const [older, newer] = (await waitForEml(dataDir, email, 2)).map(resetTokenIn);
  await expect(send).toBeEnabled();
  await expect(page.getByRole('status')).toHaveText(FORGOT_PASSWORD_ANSWER);
  await collect(page);

  const save = async (token: string) => {
    await page.goto(`/reset-password/${token}`);
    await page.getByLabel('New password', { exact: true }).fill('second-password');
    await page.getByLabel('Repeat the new password').fill('second-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
  };
  const refused = page.getByRole('alert').filter({ hasText: RESET_LINK_INVALID });
  await save(older!);
  await expect(refused).toBeVisible();
  await expect(refused.getByRole('link', { name: 'Send me a new link' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save the new password' })).toBeHidden();
  await collect(page);

  await page.route('**/api/users/reset-password', (route) => route.abort(), { times: 1 });
  await save(newer!);
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole('heading', { name: 'Change your profile' })).toBeVisible();
  await collect(page);
};
