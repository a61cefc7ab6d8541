/**
 * The attract screen arrives in the server's HTML with its start as a link to this fragment:
 * a touch before the scripts run follows it (no reload, nothing sent), and the kiosk, once
 * interactive, finds the fragment and starts the session the shopper asked for.
 */
export const EARLY_START_HASH = '#kiosk-start';

type Place = Pick<Location, 'hash' | 'pathname' | 'search'>;
type History = Pick<typeof window.history, 'replaceState' | 'state'>;

/** Whether the attract screen was touched before the page was interactive; forgets it (the address loses the fragment). */
export const takeEarlyTouch = (place: Place = window.location, history: History = window.history): boolean => {
  if (place.hash !== EARLY_START_HASH) return false;
  history.replaceState(history.state, '', `${place.pathname}${place.search}`);
  return true;
};
