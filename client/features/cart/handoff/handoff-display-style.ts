import { highContrastCss, largerTextCss } from '../../../ui/high-contrast-css.ts';
import type { HandoffDisplay } from './handoff-display.ts';

const ATTRIBUTES = { largerText: 'data-larger-text', highContrast: 'data-high-contrast' } as const;
const STYLE_ID = 'handoff-display';

/**
 * Sets a phone's display choices from the kiosk on the page (attributes on <html>, one style
 * element with the kiosk's own rules), or clears them. They hold while the shop stays open in
 * the tab; a reload is the phone's own settings again.
 */
export const applyDisplay = (d: HandoffDisplay, doc: Document = document): void => {
  for (const setting of Object.keys(ATTRIBUTES) as (keyof HandoffDisplay)[])
    doc.documentElement.toggleAttribute(ATTRIBUTES[setting], d[setting]);
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  // The browser's own text size times 1.5: a phone's own text setting still counts.
  style.textContent = largerTextCss(`html[${ATTRIBUTES.largerText}]`, '150%') + highContrastCss(`html[${ATTRIBUTES.highContrast}]`);
  doc.head.append(style);
};
