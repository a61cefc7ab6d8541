/**
 * Kiosk mode's touch-first rules as plain data and functions, so the e2e can lay the same CSS
 * over real pages and the component test can drive the guards without a browser.
 */

/**
 * A kiosk's smallest touch target, in CSS pixels: a standing shopper at a tall screen taps with
 * less precision than on a phone (Apple's and Google's 44–48 px), so the kiosk asks for 64.
 */
export const TOUCH_TARGET_PX = 64;

/** A kiosk's root font size: the shop's smallest text (0.8rem) reads at 20 px or more from a standing distance. */
export const KIOSK_ROOT_FONT_PX = 25;

/** The attribute the accessibility mode's Lower layout sets on <html> (access-styles): the on-screen keyboard then docks low. */
export const LOWER_LAYOUT_ATTRIBUTE = 'data-kiosk-lower-layout';

/** What a finger can tap or focus: every one gets TOUCH_TARGET_PX both ways while the rules hold. */
export const TARGETS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[tabindex]:not([tabindex^="-"])',
  '.hg-button',
].join(', ');

const cssString = (s: string) => JSON.stringify(s);

/** Links that would leave the shop, download or open a window: hidden as well as refused. */
export const outsideLinkSelector = (origin: string) =>
  [
    'a[target]:not([target=""]):not([target="_self"])',
    'a[download]',
    'a[href^="mailto:"]',
    'a[href^="tel:"]',
    'a[href^="//"]',
    `a[href^="http:"]:not([href^=${cssString(`${origin}/`)}]):not([href=${cssString(origin)}])`,
    `a[href^="https:"]:not([href^=${cssString(`${origin}/`)}]):not([href=${cssString(origin)}])`,
  ].join(', ');

/**
 * The page-wide CSS while kiosk mode is on. Zoom is stopped with touch-action (pinch and
 * double-tap), never with the viewport tag, which would also block people who need zoom on the
 * ordinary shop and fails accessibility checks. The root font size makes every rem of the shop
 * kiosk-sized at once; the header wraps rather than cut its logo off, and the cart's lines are
 * big enough to see from a step back while picture, name, price, quantity and Remove still share
 * one row beside the subtotal on a 1080 px screen (a wider picture left the name a sliver its
 * 64 px link overflowed onto the price). Text links in running text become inline boxes
 * so their 64 px is real (`:where` keeps any component's own display).
 */
export const kioskTouchCss = (origin: string) => `
html { touch-action: pan-x pan-y; font-size: ${KIOSK_ROOT_FONT_PX}px; }
html, body { -webkit-user-select: none; user-select: none; -webkit-touch-callout: none; }
input, textarea { -webkit-user-select: text; user-select: text; }
:where(a[href]) { display: inline-flex; align-items: center; justify-content: center; }
${TARGETS} { min-width: ${TOUCH_TARGET_PX}px !important; min-height: ${TOUCH_TARGET_PX}px !important; }
${outsideLinkSelector(origin)} { display: none !important; }
body { padding-bottom: var(--kiosk-keyboard-height, 0px); }
header > :first-child { flex-wrap: wrap !important; row-gap: 12px; }
[aria-label="Products in your cart"] > li { grid-template-columns: 120px minmax(0, 1fr) max-content 140px max-content !important; column-gap: 16px; padding-block: 24px !important; }
[aria-label="Products in your cart"] > li img, [aria-label="Products in your cart"] > li > [aria-hidden="true"] { width: 120px !important; height: 90px !important; }
html { scroll-padding-bottom: var(--kiosk-keyboard-height, 0px); }
`;

/** Whether following this link would leave the shop, download a file or open another window. */
export const leavesTheShop = (link: HTMLAnchorElement | HTMLAreaElement, origin: string): boolean => {
  if (link.hasAttribute('download')) return true;
  const target = link.getAttribute('target');
  if (target && target !== '_self') return true;
  let url: URL;
  try {
    url = new URL(link.getAttribute('href') ?? '', `${origin}/`);
  } catch {
    return true;
  }
  return url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:');
};

/** The link a click landed in, through shadow roots and SVG. */
const linkOf = (event: Event): HTMLAnchorElement | HTMLAreaElement | null => {
  for (const node of event.composedPath()) {
    if (node instanceof HTMLAnchorElement || node instanceof HTMLAreaElement) return node.hasAttribute('href') ? node : null;
  }
  return null;
};

/**
 * Refuses a click that would take the kiosk out of the shop: an outside link, a download, a
 * new window (target, or a modifier key that asks for one). Runs in the capture phase on the
 * window, before React Router sees the click. Answers whether it refused.
 */
export const refuseLeavingClick = (event: MouseEvent, origin: string): boolean => {
  const link = linkOf(event);
  if (!link) return false;
  const newWindow = event.ctrlKey || event.metaKey || event.shiftKey || event.button === 1;
  if (!newWindow && !leavesTheShop(link, origin)) return false;
  event.preventDefault();
  event.stopImmediatePropagation();
  return true;
};

/** Refuses a form that would submit to another site or into another window. */
export const refuseLeavingSubmit = (event: SubmitEvent, origin: string): boolean => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return false;
  const target = event.submitter?.getAttribute('formtarget') ?? form.getAttribute('target');
  const action = event.submitter?.getAttribute('formaction') ?? form.getAttribute('action') ?? '';
  let outside = !!target && target !== '_self';
  try {
    outside ||= new URL(action, `${origin}/`).origin !== origin;
  } catch {
    outside = true;
  }
  if (!outside) return false;
  event.preventDefault();
  event.stopImmediatePropagation();
  return true;
};

/** Fields the on-screen keyboard types into. */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'password', 'tel', 'url', 'number']);
export type TextField = HTMLInputElement | HTMLTextAreaElement;
export const isTextField = (el: unknown): el is TextField =>
  (el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_TYPES.has(el.type))) && !el.readOnly && !el.disabled;
