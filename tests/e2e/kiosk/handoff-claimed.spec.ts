import { ACCESS_ATTRIBUTES } from '../../../client/features/kiosk/access/access-styles.ts';
import { expect, test } from '../support/shop.ts';
import { highContrastProblems } from './kiosk-measure.ts';
import { addABook, startKiosk } from './kiosk-support.ts';

/**
 * Once the shopper's phone has taken the kiosk's cart, the kiosk keeps neither the cart
 * nor the used QR for the next shopper. The loopback origin's note is the PIN pad's, for staff.
 */
test('when the phone claims the kiosk QR, then the kiosk thanks the shopper and resets to the attract screen with an empty cart; the shopper is never shown the PUBLIC_ORIGIN note', async ({
  page,
  browser,
  baseURL,
}) => {
  await startKiosk(page);
  await addABook(page);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Cart, 1 item/ })
    .click();
  await page.getByRole('button', { name: 'Continue on your phone' }).first().click();
  const qr = page.getByRole('img', { name: /^QR code of the link to your cart/ });
  await expect(qr).toBeVisible();
  const link = (await qr.getAttribute('data-link')) ?? '';
  expect(link.startsWith(`${new URL(page.url()).origin}/handoff#`)).toBe(true);
  // The note is staff's (the PIN pad's), never on the shopper's QR.
  await expect(page.getByText('Set PUBLIC_ORIGIN so phones can open this link')).toHaveCount(0);
  expect(await highContrastProblems(page, ACCESS_ATTRIBUTES.highContrast), 'the hand-off overlay in High contrast: 7:1').toEqual([]);

  const phone = await browser.newContext({ baseURL });
  try {
    const phonePage = await phone.newPage();
    await phonePage.goto(link);
    await expect(phonePage.getByText('Your cart from the kiosk is here.')).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Thank you! Your cart is on your phone now.' })).toBeVisible();
    expect(await highContrastProblems(page, ACCESS_ATTRIBUTES.highContrast), 'the thank-you in High contrast: 7:1').toEqual([]);
    await expect(qr).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    await page.getByRole('button', { name: 'Touch to start' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).not.toContainText(/[1-9]/);
  } finally {
    await phone.close();
  }
});
