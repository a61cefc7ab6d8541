import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from '@playwright/test';

/**
 * Every visible piece of text set smaller than `min` CSS px, as lines naming it. Text a reader
 * cannot see (visually hidden: a box of a pixel or less, or clipped away) is left out, and so
 * are glyphs that are pictures, not words (inside role="img", like the rating's stars, or
 * aria-hidden decorations, like a menu's caret).
 */
export const smallText = (page: Page, min: number): Promise<string[]> =>
  page.evaluate((least) => {
    const small = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('script, style, noscript, template, [role="img"], [aria-hidden="true"]')) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).clip === 'rect(0px, 0px, 0px, 0px)') continue;
      const size = Number.parseFloat(getComputedStyle(el).fontSize);
      if (size < least - 0.01) small.add(`${el.tagName.toLowerCase()} "${text.slice(0, 30)}" ${size}px`);
    }
    return [...small];
  }, min);

/** axe-core's script, as the declared @axe-core/playwright has it. */
let axeScript: string | undefined;
const axeSource = (): string => {
  const fromPlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  return (axeScript ??= readFileSync(fromPlaywright.resolve('axe-core/axe.min.js'), 'utf8'));
};

/**
 * axe's violations of the page as it shows (its default rules: WCAG 2.x A and AA and its best
 * practices), as lines naming rule and elements. With `highContrast`, the mode's High contrast
 * is on meanwhile (the attribute the kiosk machine's switch sets on <html>, so the page stays
 * where it is) and WCAG AAA's 7:1 contrast (color-contrast-enhanced) is checked too.
 * axe-core runs in the page itself, put there once per page load: AxeBuilder puts it there again
 * and runs it frame by frame on every check, 3 to 5 times as long on a kiosk page (measured:
 * 3.7–5.2 s against 0.7–1.1 s on a loaded machine), which a walk of eleven pages cannot afford.
 */
export const axeProblems = async (page: Page, highContrast: string | null): Promise<string[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  return page.evaluate(
    async ({ attribute, label }) => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe;
      if (attribute) document.documentElement.setAttribute(attribute, '');
      try {
        // Details of the violations only: what passed is not worth collecting on every page.
        const options: RunOptions = {
          resultTypes: ['violations'],
          ...(attribute ? { rules: { 'color-contrast-enhanced': { enabled: true } } } : {}),
        };
        const { violations } = await axe.run(document, options);
        return violations.map((v) => `${label}: ${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
      } finally {
        if (attribute) document.documentElement.removeAttribute(attribute);
      }
    },
    { attribute: highContrast, label: highContrast ? 'High contrast on' : 'High contrast off' },
  );
};
