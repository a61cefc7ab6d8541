/**
 * The kiosk's accessibility choices a phone takes over with the cart, as the phone's own display
 * settings would be (decision 029): larger text and high contrast, nothing personal and nothing
 * the phone has better of its own (its screen reader speaks, its shopper holds it in reach). They
 * travel in the link's fragment, which no server sees. Their styles (handoff-display-style.ts)
 * load only on a phone that took them.
 */
export type HandoffDisplay = { largerText: boolean; highContrast: boolean };

export const NO_DISPLAY: HandoffDisplay = { largerText: false, highContrast: false };

const NAMES = { largerText: 'larger-text', highContrast: 'high-contrast' } as const;
const SETTINGS = Object.keys(NAMES) as (keyof HandoffDisplay)[];

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
