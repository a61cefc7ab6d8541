import { CHAT_VISITOR_TOKEN } from '#contracts/chat.ts';
import type { StorageLike } from '#machines/shared/storage.ts';

/** Where the widget keeps the shop's token for an anonymous visitor: the partner page's local storage. */
export const VISITOR_KEY = 'statefront-chat-visitor';

/**
 * The token the shop gave this browser's anonymous visitor ('chat visitor', decision 013): it
 * proves their conversation on the next page, so a reload shows it so far. Only ever sent in the
 * socket's handshake `auth`, never in a URL.
 */
export const visitorTokens = (storage: () => StorageLike | null) => ({
  read(): string | null {
    try {
      const token = storage()?.getItem(VISITOR_KEY) ?? null;
      return token !== null && CHAT_VISITOR_TOKEN.test(token) ? token : null;
    } catch {
      return null;
    }
  },
  keep(token: string): void {
    try {
      storage()?.setItem(VISITOR_KEY, token);
    } catch {
      // Storage full or refused: the conversation lasts as long as the page.
    }
  },
});
