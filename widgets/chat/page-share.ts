import type { SharedScreen } from '#contracts/shared-screen.ts';
import type { StorageLike } from '#machines/shared/storage.ts';
import { SHARING_KEY } from '../shared/sharing-consent.ts';
/** How often a sharing page looks whether its address or title changed (a single-page site moves without a load). */
export const PAGE_CHECK_MS = 500;

/**
 * What the widget shares of a partner page, with the visitor's consent (decision 028): its
 * address and title, nothing else. The page is the partner's, not the shop's: no cart, no
 * step, no events, and no name beyond what the conversation already says.
 */
export const pageScreen = (win: Pick<Window, 'location' | 'document'>): SharedScreen => ({
  path: win.location.href.slice(0, 300),
  title: win.document.title.slice(0, 200),
  signedInAs: null,
  cart: [],
  step: null,
  error: null,
  events: [],
});

/** The visitor's consent as the page's storage keeps it; storage refused means none kept. */
export const sharingConsent = (storage: () => StorageLike | null) => ({
  given(): boolean {
    try {
      return storage()?.getItem(SHARING_KEY) === '1';
    } catch {
      return false;
    }
  },
  set(on: boolean): void {
    try {
      if (on) storage()?.setItem(SHARING_KEY, '1');
      else storage()?.removeItem(SHARING_KEY);
    } catch {
      // Refused: the consent lasts as long as the page.
    }
  },
});

/** Calls `send` with the page now, then each time its address or title changes, until stopped. */
export const followPage = (win: Window, send: (screen: SharedScreen) => void): (() => void) => {
  let last = '';
  const check = () => {
    const screen = pageScreen(win);
    const key = `${screen.path}\n${screen.title}`;
    if (key === last) return;
    last = key;
    send(screen);
  };
  check();
  const timer = win.setInterval(check, PAGE_CHECK_MS);
  return () => win.clearInterval(timer);
};
