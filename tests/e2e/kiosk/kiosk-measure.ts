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
