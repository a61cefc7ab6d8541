/**
 * Where the widget remembers that the visitor shares their page with support (decision 028): the
 * partner page's local storage, so the site's next page loads the widget and shares on. The
 * loader reads it (this file is all it takes of it); the widget writes it.
 */
export const SHARING_KEY = 'statefront-chat-sharing';

/** Whether the visitor shares; storage refused (private mode, a sandbox) reads as no. */
export const sharedBefore = (win: Pick<Window, 'localStorage'>): boolean => {
  try {
    return win.localStorage.getItem(SHARING_KEY) === '1';
  } catch {
    return false;
  }
};
