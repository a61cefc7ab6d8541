import { css } from '@emotion/react';
import { highContrastCss, largerTextCss } from '../../../ui/high-contrast-css.ts';
import type { Access, AccessSwitch } from '#machines/kiosk/access.ts';
import { KIOSK_ROOT_FONT_PX, LOWER_LAYOUT_ATTRIBUTE } from '../touch/touch-rules.ts';
import { OVERLAY_ATTRIBUTE } from '../use-browser.ts';

/** The attribute on <html> each switch sets while on: the page's styles follow it, whatever screen shows. */
export const ACCESS_ATTRIBUTES: Record<Exclude<AccessSwitch, 'readAloud'>, string> = {
  largerText: 'data-kiosk-larger-text',
  highContrast: 'data-kiosk-high-contrast',
  lowerLayout: LOWER_LAYOUT_ATTRIBUTE,
};

/** Marks the shopper's app (under the overlays): in the lower layout it is the screen's lower half. */
export const PAGE_ATTRIBUTE = 'data-kiosk-page';

/** Sets or clears each switch's attribute on `root`. */
export const applyAccess = (access: Access, root: HTMLElement = document.documentElement): void => {
  for (const [setting, attribute] of Object.entries(ACCESS_ATTRIBUTES))
    root.toggleAttribute(attribute, access[setting as keyof typeof ACCESS_ATTRIBUTES]);
};

/** Where the kiosk bar puts the support chat's panel's foot (client/app/kiosk-bar.tsx): above the bar and the chat's launcher. */
const CHAT_PANEL_BOTTOM = '208px';

const onHtml = (attribute: string) => `html[${attribute}]`;
const [larger, contrast, lower] = [
  onHtml(ACCESS_ATTRIBUTES.largerText),
  onHtml(ACCESS_ATTRIBUTES.highContrast),
  onHtml(ACCESS_ATTRIBUTES.lowerLayout),
];

/**
 * The three switches' styles. Larger text: the kiosk's root size (every rem of the shop) times
 * 1.5, words wrapping rather than scrolling sideways. High contrast: black on white throughout
 * (21:1, over WCAG AAA's 7:1), controls outlined, a switch that is on inverted. Lower layout: the
 * shopper's app is the screen's lower half (380–1220 mm above the floor on a floor-standing
 * portrait kiosk), its header with search, categories, login, cart and the logo at that half's
 * top, the support chat's panel in that half too, above the on-screen keyboard (which docks low);
 * the full-screen overlays put their content at their foot.
 */
export const accessCss = css`
  ${largerTextCss(larger, `${KIOSK_ROOT_FONT_PX * 1.5}px`)}
  ${larger} body, ${larger} [${PAGE_ATTRIBUTE}] {
    overflow-x: hidden;
  }

  ${highContrastCss(contrast)}

  ${lower} [${PAGE_ATTRIBUTE}] {
    position: fixed;
    inset: 50vh 0 var(--kiosk-keyboard-height, 0px) 0;
    overflow-y: auto;
    overscroll-behavior: contain;
  }
  ${lower} [${PAGE_ATTRIBUTE}] header {
    transform: none !important;
  }
  ${lower} #support-chat-panel {
    bottom: calc(var(--kiosk-keyboard-height, 0px) + ${CHAT_PANEL_BOTTOM}) !important;
    max-height: calc(50vh - var(--kiosk-keyboard-height, 0px) - ${CHAT_PANEL_BOTTOM}) !important;
  }
  ${lower} [${OVERLAY_ATTRIBUTE}] {
    justify-content: safe flex-end !important;
    padding-bottom: 240px !important;
  }
`;
