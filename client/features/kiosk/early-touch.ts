/**
 * The attract screen arrives in the server's HTML with its start, and its Accessibility button,
 * as links to these fragments: a touch before the scripts run follows one (no reload, nothing
 * sent), and the kiosk, once interactive, finds the fragment and does what the shopper asked for.
 */
export const EARLY_START_HASH = '#kiosk-start';
/** The server's Accessibility button: once interactive, the kiosk opens the accessibility panel. */
export const EARLY_ACCESS_HASH = '#kiosk-access';

type Place = Pick<Location, 'hash' | 'pathname' | 'search'>;
type History = Pick<typeof window.history, 'replaceState' | 'state'>;

/**
 * Whether the server's `hash` link (the start, by default) was touched before the page was
 * interactive; forgets it (the address loses the fragment).
 */
export const takeEarlyTouch = (
  place: Place = window.location,
  history: History = window.history,
  hash: typeof EARLY_START_HASH | typeof EARLY_ACCESS_HASH = EARLY_START_HASH,
): boolean => {
  if (place.hash !== hash) return false;
  history.replaceState(history.state, '', `${place.pathname}${place.search}`);
  return true;
};
