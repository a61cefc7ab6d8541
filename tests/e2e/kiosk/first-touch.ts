import type { Page } from '@playwright/test';
import { expect } from '../support/shop.ts';

/**
 * Holds back every script the page asks for from now on, so what shows is the server's HTML
 * alone: `held` lists the scripts asked for, `release()` lets them all come (and any later ones
 * through), `stop()` ends the hold.
 */
export const holdScripts = async (page: Page) => {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  const pattern = /\/assets\/.*\.js$/;
  await page.route(pattern, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return {
    held,
    release: () => release(),
    stop: async () => {
      release();
      await page.unroute(pattern);
    },
  };
};

/** Opens `path` with its scripts held and waits until the page has asked for them: the server's markup alone shows. */
export const openWithoutScripts = async (page: Page, path: string) => {
  const scripts = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect.poll(() => scripts.held.length, { message: 'the page asked for its scripts' }).toBeGreaterThan(0);
  return scripts;
};

/**
 * Opens `path` with the CPU slowed 4× and the scripts held back, touches the attract screen the
 * server sent while nothing of the page runs yet, then lets the scripts come: the shopper's
 * touch must start the session once the page is interactive.
 */
export const touchBeforeScripts = async (page: Page, path: string) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts = await openWithoutScripts(page, path);
  try {
    const start = page.getByRole('button', { name: 'Touch to start' });
    await expect(start).toBeVisible();
    // The scripts are still held: this touch lands on the server's markup alone.
    const heading = await page.getByRole('heading', { name: 'Statefront - Best Online Shop' }).boundingBox();
    if (!heading) throw new Error('the attract screen has no heading');
    await page.mouse.click(heading.x + heading.width / 2, heading.y + heading.height / 2);
    scripts.release();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Statefront' })).toBeVisible({ timeout: 20_000 });
    await expect(start).toHaveCount(0);
  } finally {
    await scripts.stop();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
};
