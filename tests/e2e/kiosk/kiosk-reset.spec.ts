import { login } from '../support/journeys.ts';
import { DEMO_ADMIN, DEMO_USER, expect, test } from '../support/shop.ts';
import { addABook, KIOSK_TEST_ENV, kioskLogin, startKiosk } from './kiosk-support.ts';

test.use({ shopEnv: KIOSK_TEST_ENV });

test('when a kiosk shopper walks away, then the warning counts down and the reset leaves no cart, user, session, chat or history, but the kiosk flag', async ({
  page,
  context,
  browser,
  shop,
}) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext({ baseURL: shop.url });
  const admin = await adminContext.newPage();
  try {
    await login(admin, DEMO_ADMIN);
    await admin.getByRole('link', { name: 'Chats' }).first().click();
    await expect(admin.getByText(/No customer is chatting right now/)).toBeVisible();

    await startKiosk(page);
    await kioskLogin(page, DEMO_USER);
    await addABook(page);
    await page.getByRole('button', { name: 'Open support chat' }).click();
    const box = page.getByLabel('Your message');
    await box.fill('Hello from the kiosk');
    await box.press('Enter');
    await expect(admin.getByText('Hello from the kiosk')).toBeVisible();

    const oldCookie = (await context.cookies()).find((c) => c.name === 'sf_session');
    expect(oldCookie, 'the shopper has a session').toBeTruthy();
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBeGreaterThan(1);

    // No input: the question, its countdown, then the attract screen.
    await expect(page.getByRole('alertdialog', { name: 'Do you still need time?' })).toBeVisible({ timeout: 8_000 });
    await expect(page.getByTestId('kiosk-countdown')).toHaveText(/^[1-3]$/);
    await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible({ timeout: 10_000 });

    const stored = await page.evaluate(() => ({ local: Object.keys(localStorage), session: Object.keys(sessionStorage) }));
    expect(stored).toEqual({ local: ['statefront-kiosk'], session: [] });
    expect((await context.cookies()).find((c) => c.name === 'sf_session')).toBeUndefined();
    const replay = await fetch(`${shop.url}/api/get-token`, { headers: { cookie: `sf_session=${oldCookie!.value}` } });
    expect(replay.status, 'the old cookie is refused by the server').toBe(401);
    await expect(admin.getByText('Hello from the kiosk')).toHaveCount(0);
    await expect(admin.getByText(/No customer is chatting right now/)).toBeVisible();

    // Back on the attract screen stays there; the next shopper starts on a fresh home page.
    await page.goBack().catch(() => undefined);
    await expect(page).toHaveURL(/\/kiosk$/);
    await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
    await page.getByRole('button', { name: 'Touch to start' }).click();
    await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: /cart/i })).not.toContainText(/[1-9]/);
    await page.getByRole('button', { name: 'Open support chat' }).click();
    await expect(page.getByText('Hello from the kiosk')).toHaveCount(0);
  } finally {
    await adminContext.close();
  }
});

test('when the shopper touches the screen during the warning, then the session carries on with the form as it was', async ({ page }) => {
  await startKiosk(page);
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email address').fill('still@here.example');
  await expect(page.getByRole('alertdialog', { name: 'Do you still need time?' })).toBeVisible({ timeout: 8_000 });
  await page.getByRole('button', { name: 'Yes, I need more time' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByLabel('Email address')).toHaveValue('still@here.example');
});
