import type { Browser, Page } from '@playwright/test';
import { KIOSK_HEARTBEAT_SECONDS_DEFAULT } from '#contracts/shop-settings.ts';
import { loginByApi } from '../support/journeys.ts';
import { DEMO_ADMIN, expect } from '../support/shop.ts';

// Staff's side of the kiosk model's walk through Reset now and Reload (decision 030).

/** The kiosk's heartbeat period with the shop's settings (KIOSK_HEARTBEAT_SECONDS unset), on the page's clock. */
const HEARTBEAT_MS = KIOSK_HEARTBEAT_SECONDS_DEFAULT * 1000;

/**
 * Staff's command from /admin/kiosks (an admin in a browser of their own, on real time), then
 * the kiosk's clock run a heartbeat at a time until a heartbeat's reply carries it: the kiosk
 * acts on it as it comes (decision 030).
 */
export const staffPresses =
  (admin: () => Page, kiosk: string, button: 'Reset now' | 'Reload', command: 'reset' | 'reload') => async (page: Page) => {
    const row = admin().getByRole('row', { name: new RegExp(kiosk) });
    await Promise.all([
      admin().waitForResponse((r) => r.url().endsWith('/commands') && r.status() === 202),
      row.getByRole('button', { name: `${button}: ${kiosk}` }).click(),
    ]);
    // One heartbeat period fires the armed heartbeat (each is armed once the last one's answer is in).
    for (let taken = false; !taken;) {
      const beat = page.waitForResponse((r) => r.url().endsWith('/api/kiosks/heartbeat'));
      await page.clock.runFor(HEARTBEAT_MS);
      const reply = await beat;
      expect(reply.status()).toBe(200);
      // The reload may take the page (and the body) away first: the command was taken all the same.
      taken = ((await reply.json().catch(() => ({ command }))) as { command?: string }).command === command;
    }
  };

/** An admin's page on /admin/kiosks in a browser context of its own, showing `kiosk`. */
export const openFleet = async (browser: Browser, baseURL: string, kiosk: string) => {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await loginByApi(admin.request, DEMO_ADMIN);
  await admin.goto('/admin/kiosks');
  await expect(admin.getByRole('row', { name: new RegExp(kiosk) })).toContainText('Online');
  return { admin, close: () => context.close() };
};
