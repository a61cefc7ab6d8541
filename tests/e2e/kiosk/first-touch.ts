import type { Page } from '@playwright/test';
import { expect } from '../support/shop.ts';

/**
 * Opens `path` with the CPU slowed 4× and the scripts held back, touches the attract screen the
 * server sent while nothing of the page runs yet, then lets the scripts come: the shopper's
 * touch must start the session once the page is interactive.
 */
export const touchBeforeScripts = async (page: Page, path: string) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  try {
    await page.goto(path, { waitUntil: 'commit' });
    const start = page.getByRole('button', { name: 'Touch to start' });
    await expect(start).toBeVisible();
    await expect.poll(() => held.length, { message: 'the page asked for its scripts' }).toBeGreaterThan(0);
    // The scripts are still held: this touch lands on the server's markup alone.
    const heading = await page.getByRole('heading', { name: 'Statefront - Best Online Shop' }).boundingBox();
    if (!heading) throw new Error('the attract screen has no heading');
    await page.mouse.click(heading.x + heading.width / 2, heading.y + heading.height / 2);
    release();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Statefront' })).toBeVisible({ timeout: 20_000 });
    await expect(start).toHaveCount(0);
  } finally {
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
};
