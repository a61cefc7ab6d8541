import type { Page } from '@playwright/test';
import { holdLogo, SHORT_EXIT_HOLD, touchToStart } from '../support/journeys.ts';
import { expect, test } from '../support/shop.ts';

const PIN = '2468';
test.use({ shopEnv: { KIOSK_PIN: PIN, ...SHORT_EXIT_HOLD } });

/** A kiosk as a shopper finds it: /kiosk, the attract screen touched; answers the logo. */
const startKiosk = async (page: Page) => {
  await touchToStart(page);
  return page.getByRole('banner').getByRole('link', { name: 'Statefront' });
};

const typePin = async (pad: ReturnType<Page['getByRole']>, pin: string) => {
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click();
  await pad.getByRole('button', { name: 'OK' }).click();
};

test('when the logo on /kiosk is held (KIOSK_EXIT_HOLD_SECONDS, 1 s here), then a PIN pad opens, and 5 wrong PINs lock it for 5 minutes, even for the right PIN', async ({
  page,
}) => {
  const logo = await startKiosk(page);
  // A short click is still the logo's: no pad.
  await logo.click();
  await expect(page.getByRole('dialog', { name: 'Leave kiosk mode' })).toBeHidden();

  const pad = await holdLogo(page);
  await expect(pad).toBeVisible();
  // This shop runs at 127.0.0.1: staff, not shoppers, are told why phones cannot open its QR links.
  await expect(pad.getByText('Set PUBLIC_ORIGIN so phones can open this link')).toBeVisible();
  for (const key of await pad.getByRole('button').all()) {
    const box = await key.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  for (let left = 4; left >= 1; left -= 1) {
    await typePin(pad, '1111');
    await expect(pad.getByRole('alert')).toHaveText(`Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
  }
  await typePin(pad, '1111');
  await expect(pad.getByRole('alert')).toHaveText('Too many wrong PINs. Try again in 5 minutes.');
  await expect(pad.getByRole('button', { name: '2', exact: true })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(pad).toBeHidden();

  // The lock is the server's: a fresh pad on the same terminal gets a 429 for the right PIN.
  const again = await holdLogo(page);
  await typePin(again, PIN);
  await expect(again.getByRole('alert')).toHaveText(/^Too many wrong PINs\. Try again in [1-5] minutes?\.$/);
  expect(await page.evaluate(() => localStorage.getItem('statefront-kiosk'))).toBe('on');
});

test('when staff press Report a problem on the pad and type the right PIN, then the report is sent and the kiosk stays; the right PIN alone then leaves kiosk mode and the shop opens as usual', async ({
  page,
}) => {
  await startKiosk(page);
  const staff = await holdLogo(page);
  await staff.getByRole('button', { name: 'Report a problem' }).click();
  await typePin(page.getByRole('dialog', { name: 'Report a problem' }), PIN);
  const report = page.getByRole('dialog', { name: 'Report a problem' });
  await report.getByLabel('What went wrong?').fill('The kiosk froze on the cart');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText(/^Report R-\d+ sent\. Thank you\.$/)).toBeVisible();
  await report.getByRole('button', { name: 'Close' }).click();
  expect(await page.evaluate(() => localStorage.getItem('statefront-kiosk'))).toBe('on');

  const pad = await holdLogo(page);
  await expect(pad.getByRole('status')).toHaveText('PIN: 0 digits entered');
  // The right PIN reloads the shop (location.replace): wait for that page, or the checks below
  // would read the kiosk page that is going away, and evaluate into the navigation.
  const reloaded = page.waitForEvent('load');
  await typePin(pad, PIN);
  await reloaded;
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Touch to start' })).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Statefront' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('statefront-kiosk'))).toBeNull();
});
