import { expect, test } from '../support/shop.ts';
import { touchBeforeScripts } from './first-touch.ts';

/** /kiosk arrives with its attract screen, and the first touch is never lost. */
test('when /kiosk is touched before its scripts run (CPU slowed 4×), then the HTML already held the attract screen and the session starts once the page is interactive', async ({
  page,
}) => {
  const html = await (await page.request.get('/kiosk')).text();
  expect(html).toContain('Touch to start');
  expect(html).toContain('Statefront - Best Online Shop');
  await touchBeforeScripts(page, '/kiosk');
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible();
});
