import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';

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

/**
 * axe's violations of the page as it shows (its default rules: WCAG 2.x A and AA and its best
 * practices), as lines naming rule and elements. With `highContrast`, the mode's High contrast
 * is on meanwhile (the attribute the kiosk machine's switch sets on <html>, so the page stays
 * where it is) and WCAG AAA's 7:1 contrast (color-contrast-enhanced) is checked too.
 * axe runs in the page, put there once per page load (tests/e2e/support/axe.ts): a walk of
 * eleven pages cannot afford AxeBuilder's 3 to 5 times as long.
 */
export const axeProblems = async (page: Page, highContrast: string | null): Promise<string[]> => {
  const label = highContrast ? 'High contrast on' : 'High contrast off';
  if (highContrast) await page.evaluate((attribute) => document.documentElement.setAttribute(attribute, ''), highContrast);
  try {
    const violations = await axeViolations(page, highContrast ? { rules: { 'color-contrast-enhanced': { enabled: true } } } : {});
    return violations.map((v) => `${label}: ${v.impact} ${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  } finally {
    if (highContrast) await page.evaluate((attribute) => document.documentElement.removeAttribute(attribute), highContrast);
  }
};

/**
 * What fails WCAG AAA's 7:1 contrast (axe's color-contrast-enhanced) with the mode's High contrast
 * on meanwhile (its attribute on <html>, so the screen stays as it is: a warning, an overlay),
 * within `include` if given, as lines naming the elements.
 */
export const highContrastProblems = async (page: Page, attribute: string, include?: string[]): Promise<string[]> => {
  // Left as it was: on if the shopper's switch had put it on.
  const wasOn = await page.evaluate((a) => {
    const on = document.documentElement.hasAttribute(a);
    document.documentElement.setAttribute(a, '');
    return on;
  }, attribute);
  try {
    const violations = await axeViolations(page, { runOnly: { type: 'rule', values: ['color-contrast-enhanced'] } }, { include });
    return violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  } finally {
    if (!wasOn) await page.evaluate((a) => document.documentElement.removeAttribute(a), attribute);
  }
};
