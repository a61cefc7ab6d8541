import { highContrastCss, largerTextCss } from '../../../ui/high-contrast-css.ts';
import { HANDOFF_DISPLAY_KEY } from './handoff-display-key.ts';

/**
 * The kiosk's accessibility choices a phone takes over with the cart, as the phone's own display
 * settings would be: larger text and high contrast, nothing personal and nothing the phone has
 * better of its own (its screen reader speaks, its shopper holds it in reach). They travel in the
 * link's fragment, which no server sees, and stay for the phone's visit (its tab's session storage).
 */
export type HandoffDisplay = { largerText: boolean; highContrast: boolean };

export const NO_DISPLAY: HandoffDisplay = { largerText: false, highContrast: false };

const NAMES = { largerText: 'larger-text', highContrast: 'high-contrast' } as const;
const SETTINGS = Object.keys(NAMES) as (keyof HandoffDisplay)[];
const ATTRIBUTES = { largerText: 'data-larger-text', highContrast: 'data-high-contrast' } as const;
const STYLE_ID = 'handoff-display';
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The tab's session storage, or none where the browser blocks it. */
export const sessionStore = (): Store | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export const anyDisplay = (d: HandoffDisplay): boolean => SETTINGS.some((s) => d[s]);

/** `&display=larger-text,high-contrast` after the link's token; nothing when neither is on. */
export const displayFragment = (d: HandoffDisplay): string => {
  const on = SETTINGS.filter((s) => d[s]).map((s) => NAMES[s]);
  return on.length > 0 ? `&display=${on.join(',')}` : '';
};

/** The link's fragment (`#<token>&display=…`): the token to claim and the display choices. Unknown names are ignored. */
export const parseHandoffHash = (hash: string): { token: string; display: HandoffDisplay } => {
  const [rawToken = '', ...rest] = hash.replace(/^#/, '').split('&');
  const names = new Set(rest.filter((part) => part.startsWith('display=')).flatMap((part) => part.slice('display='.length).split(',')));
  let token = '';
  try {
    token = decodeURIComponent(rawToken);
  } catch {
    // A mangled link claims nothing: the page says it is not valid.
  }
  return { token, display: { largerText: names.has(NAMES.largerText), highContrast: names.has(NAMES.highContrast) } };
};

/** Sets the choices on the page (attributes on <html>, one style element), or clears them. */
export const applyDisplay = (d: HandoffDisplay, doc: Document = document): void => {
  for (const setting of SETTINGS) doc.documentElement.toggleAttribute(ATTRIBUTES[setting], d[setting]);
  if (!anyDisplay(d) || doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  // The browser's own text size times 1.5: a phone's own text setting still counts.
  style.textContent = largerTextCss(`html[${ATTRIBUTES.largerText}]`, '150%') + highContrastCss(`html[${ATTRIBUTES.highContrast}]`);
  doc.head.append(style);
};

/** Keeps the choices for the tab's visit (or forgets them) and applies them. */
export const keepDisplay = (d: HandoffDisplay, storage: Store | null, doc?: Document): void => {
  try {
    if (anyDisplay(d)) storage?.setItem(HANDOFF_DISPLAY_KEY, displayFragment(d));
    else storage?.removeItem(HANDOFF_DISPLAY_KEY);
  } catch {
    // Storage blocked: the choices hold until the page reloads.
  }
  applyDisplay(d, doc);
};

/** The choices this tab kept, applied again after a reload. */
export const applyKeptDisplay = (storage: Store | null = sessionStore(), doc?: Document): void => {
  let kept: string | null = null;
  try {
    kept = storage?.getItem(HANDOFF_DISPLAY_KEY) ?? null;
  } catch {
    return;
  }
  if (kept) applyDisplay(parseHandoffHash(`#${kept}`).display, doc);
};
