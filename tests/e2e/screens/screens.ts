import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The narrowest phone the shop supports, and the two kiosk terminals. */
export const PHONE = { name: '360', width: 360, height: 740 };
export const KIOSK_PORTRAIT = { name: 'kiosk-1080x1920', width: 1080, height: 1920 };
export const KIOSK_LANDSCAPE = { name: 'kiosk-1920x1080', width: 1920, height: 1080 };
export const SIZES = [PHONE, KIOSK_PORTRAIT, KIOSK_LANDSCAPE];

/** Gitignored; .ci/run copies it to the CI artifacts. */
export const SCREENS_DIR = 'test-results/screens';

/** A page is ready once its skeletons are gone (every data page marks them aria-busy). */
export const settled = async (page: Page) => {
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
};

/**
 * What scrolls sideways where it should not, as lines a person can act on: the page itself, or
 * any element whose content overflows sideways without being a marked scroll container (a
 * labelled, focusable region: role="region", aria-label and tabindex="0", with edge shadows that
 * show there is more, as ui/scroll-region.tsx makes them).
 */
export const sidewaysProblems = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('aria-label') ? `[aria-label="${el.getAttribute('aria-label')}"]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth) problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of [document.documentElement, document.body]) {
      // hiding the page's overflow would cut content off instead of scrolling it
      if (['hidden', 'clip'].includes(getComputedStyle(el).overflowX)) problems.push(`${el.tagName} hides its sideways overflow`);
    }
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const { overflowX } = getComputedStyle(el);
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const labelled = el.getAttribute('role') === 'region' && !!el.getAttribute('aria-label') && el.tabIndex === 0;
      // the visible sign: edge shadows painted as gradients on the container
      const signed = getComputedStyle(el).backgroundImage.includes('gradient');
      const marked = labelled && signed;
      if (!marked) problems.push(`scrolls sideways unmarked: ${name(el)} (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return problems;
  });

/** Each table row's own link (its first) that does not lie within the screen's width, as lines naming it. */
export const rowLinksOffScreen = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    for (const row of document.querySelectorAll('main tbody tr')) {
      const link = row.querySelector('a[href]');
      if (!link) continue;
      const box = link.getBoundingClientRect();
      if (box.left < 0 || box.right > width) problems.push(`"${link.textContent}" of row "${row.textContent?.slice(0, 40)}" is off screen`);
    }
    return problems;
  });

/** Saves the viewport as test-results/screens/<size>/<name>.png (the phone's whole page). */
export const saveScreen = async (page: Page, size: { name: string; width: number }, name: string) => {
  const dir = path.join(SCREENS_DIR, size.name);
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name.replace(/[^a-z0-9-]+/gi, '_')}.png`), fullPage: size.width < 600 });
};

/** Two boxes overlap (by more than a pixel of anti-aliasing). */
export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
export type Box = { x: number; y: number; width: number; height: number };

/**
 * Every visible element a finger can focus or tap (focusable, a role that acts, an on-screen
 * key, or anything with a pointer cursor of its own) smaller than `min` px either way, as lines
 * naming it. Visually hidden ones (the skip link until focused) are left out.
 */
export const smallTargets = (page: Page, min: number): Promise<string[]> =>
  page.evaluate((least) => {
    const focusable =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [tabindex]:not([tabindex^="-"]), .hg-button';
    const targets = new Set<Element>(document.querySelectorAll(focusable));
    for (const el of document.querySelectorAll('body *')) {
      const parent = el.parentElement;
      if (getComputedStyle(el).cursor === 'pointer' && parent && getComputedStyle(parent).cursor !== 'pointer') targets.add(el);
    }
    const small: string[] = [];
    for (const el of targets) {
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).clip === 'rect(0px, 0px, 0px, 0px)') continue;
      if (box.width < least - 0.5 || box.height < least - 0.5) {
        const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30);
        small.push(`${el.tagName.toLowerCase()} "${label}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, min);

/** Links on screen that would leave the shop, download or open a window. */
export const outsideLinksShown = (page: Page, selector: string): Promise<string[]> =>
  page.evaluate(
    (sel) => [...document.querySelectorAll(sel)].filter((a) => a.checkVisibility()).map((a) => a.outerHTML.slice(0, 80)),
    selector,
  );

/**
 * Where the lines of a product list (`list`: an order's items, the cart) are not laid out as one
 * row each: the line's boxes (its children, through any `display: contents` wrapper such as a
 * `<picture>`, leaving out what has no box) must sit left to right without overlapping, and each
 * must share the first's height band. Answers lines a person can act on; none when all is well.
 */
export const lineRowProblems = (list: Locator): Promise<string[]> =>
  list.evaluate((ul) => {
    const parts = (el: Element): Element[] =>
      [...el.children].flatMap((child) => {
        const { display } = getComputedStyle(child);
        if (display === 'none') return [];
        return display === 'contents' ? parts(child) : [child];
      });
    const name = (el: Element) => `<${el.tagName.toLowerCase()}> "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const problems: string[] = [];
    [...ul.children].forEach((line, i) => {
      const boxes = parts(line).map((el) => ({ el, box: el.getBoundingClientRect() }));
      const first = boxes[0];
      if (!first) return;
      for (const [k, { el, box }] of boxes.entries()) {
        const before = boxes[k - 1];
        if (before && box.left < before.box.right - 1) problems.push(`line ${i + 1}: ${name(el)} is not right of ${name(before.el)}`);
        if (box.top >= first.box.bottom - 1 || box.bottom <= first.box.top + 1)
          problems.push(`line ${i + 1}: ${name(el)} is on another row`);
      }
    });
    return problems;
  });
