import type { Page } from '@playwright/test';
import { ACCESS_ATTRIBUTES, PAGE_ATTRIBUTE } from '../../../client/features/kiosk/access/access-styles.ts';
import { expect } from '../support/shop.ts';

/** What Read aloud says on a key of a kiosk nobody set up. */
export const GUIDANCE = 'Audio guidance on. Use the arrow keys to move and Enter to choose.';

/**
 * Opens /kiosk and waits until the kiosk runs: its own Accessibility button has taken the place of
 * the server's link (the server's attract screen shows at once, and a key pressed before the
 * scripts run goes nowhere).
 */
export const openKiosk = async (page: Page) => {
  await page.goto('/kiosk');
  await expect(page.getByRole('button', { name: 'Touch to start' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accessibility', exact: true }).and(page.locator('button'))).toBeVisible();
};

/** The Accessibility button's top edge lies below the screen's middle. */
export const expectLow = async (page: Page, where: string) => {
  const box = await page.getByRole('button', { name: 'Accessibility' }).boundingBox();
  expect(box, `${where}: the Accessibility button shows`).not.toBeNull();
  const height = page.viewportSize()?.height ?? 0;
  expect(box!.y, `${where}: the Accessibility button is in the lower half`).toBeGreaterThanOrEqual(height / 2);
};

/** Every control a shopper can see (not clipped away by a scrolling box) whose box starts above the screen's middle. */
export const controlsAboveTheMiddle = (page: Page) =>
  page.evaluate(() => {
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return null;
      let [top, bottom] = [box.top, box.bottom];
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowY === 'visible') continue;
        const clip = up.getBoundingClientRect();
        [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
      }
      return bottom > Math.max(top, 0) && top < window.innerHeight ? top : null;
    };
    const controls = 'a[href], button, input, select, textarea, [role="button"], [role="switch"], [role="slider"]';
    return [...document.querySelectorAll(controls)]
      .filter((el) => (shown(el) ?? Infinity) < window.innerHeight / 2)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`);
  });

/** Sets or clears the attribute the Lower layout switch puts on <html> (the page stays where it is). */
export const setLowerLayout = (page: Page, on: boolean) =>
  page.evaluate(([attribute, to]) => document.documentElement.toggleAttribute(attribute, to), [ACCESS_ATTRIBUTES.lowerLayout, on] as const);

/**
 * What Lower layout leaves above the screen's middle on the page as it shows: every control a
 * shopper can see, and the on-screen keyboard if it is open and its box starts there. With
 * `keepOn` the layout stays on afterwards (it was on already, or the next step needs it).
 */
export const lowerLayoutProblems = async (page: Page, keepOn = false): Promise<string[]> => {
  await setLowerLayout(page, true);
  try {
    const keyboard = await page.evaluate(() => {
      const region = document.querySelector('[role="region"][aria-label="On-screen keyboard"]');
      const [box, keys] = [region?.getBoundingClientRect(), region?.querySelector('.hg-theme-default')?.getBoundingClientRect()];
      const access = [...document.querySelectorAll('button')]
        .find((b) => b.textContent?.trim() === 'Accessibility')
        ?.getBoundingClientRect();
      const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return [
        ...(box && box.top < window.innerHeight / 2 ? [`the on-screen keyboard, from ${Math.round(box.top)} px`] : []),
        ...(keys && access && overlaps(keys, access) ? ["the Accessibility button over the keyboard's keys"] : []),
      ];
    });
    return [...(await controlsAboveTheMiddle(page)), ...keyboard];
  } finally {
    if (!keepOn) await setLowerLayout(page, false);
  }
};

/**
 * The product names a list shows (each card's heading, the one its `See product …` link names):
 * font size and box in CSS px, and whether the name spills out of its box or off the screen's sides.
 */
export const productNames = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main a[aria-label^="See product "]')].map((link) => {
      const name = link.getAttribute('aria-label')!.slice('See product '.length);
      const heading = link.closest(':has(h2)')?.querySelector('h2');
      if (!heading || heading.textContent?.trim() !== name) return { name, size: 0, height: 0, spills: true };
      const box = heading.getBoundingClientRect();
      return {
        name,
        size: Number.parseFloat(getComputedStyle(heading).fontSize),
        height: box.height,
        spills: heading.scrollWidth > heading.clientWidth + 1 || box.left < 0 || box.right > window.innerWidth + 1,
      };
    }),
  );

/** Nothing on the page scrolls sideways: neither the document nor the shopper's app under the overlays. */
export const scrollsSideways = (page: Page) =>
  page.evaluate(
    (app) => [document.documentElement, ...document.querySelectorAll(`[${app}]`)].some((el) => el.scrollWidth > el.clientWidth + 1),
    PAGE_ATTRIBUTE,
  );

/**
 * Presses `key` (ArrowDown: forward in reading order; ArrowUp: back, wrapping round to the end)
 * until Read aloud says something `name` matches (what it said then), as a shopper listening does.
 */
export const arrowTo = async (
  page: Page,
  spoken: () => Promise<string[]>,
  name: RegExp,
  key: 'ArrowDown' | 'ArrowUp' = 'ArrowDown',
): Promise<string> => {
  let heard = (await spoken()).length;
  for (let press = 0; press < 150; press++) {
    await page.keyboard.press(key);
    const said = await spoken();
    const match = said.slice(heard).find((text) => name.test(text));
    if (match) return match;
    heard = said.length;
  }
  throw new Error(`Read aloud never said ${name}; it said: ${(await spoken()).slice(-12).join(' | ')}`);
};
