import { expect, test } from '../support/shop.ts';
import { addABook } from './kiosk-support.ts';
import { touchBeforeScripts } from './first-touch.ts';

/** A whole instance of kiosks (KIOSK=1) whose phones reach it at PUBLIC_ORIGIN. */
const PUBLIC_ORIGIN = 'http://shop.example';
test.use({ shopEnv: { KIOSK: '1', PUBLIC_ORIGIN } });

test('when any page of a KIOSK=1 instance is touched before its scripts run (CPU slowed 4×), then its HTML held the attract screen and the session starts', async ({
  page,
}) => {
  for (const path of ['/', '/login', '/product-list/category/Books']) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain('Touch to start');
  }
  await touchBeforeScripts(page, '/product-list/category/Books');
});

test('when a kiosk shopper opens login and register, then no "Do not logout" is offered, and the phone is offered beside them with a QR link at PUBLIC_ORIGIN', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Touch to start' }).click();
  await addABook(page);
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByLabel('Email address')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByText('Do not logout')).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  await page.getByRole('button', { name: 'Continue on your phone' }).click();
  const qr = page.getByRole('img', { name: /^QR code of the link to your cart/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('data-link')).toMatch(/^http:\/\/shop\.example\/handoff#[\w-]{43}$/);
  await expect(page.getByText('Set PUBLIC_ORIGIN so phones can open this link')).toHaveCount(0);
  await page.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue on your phone' })).toBeVisible();
});
