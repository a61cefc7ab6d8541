import { CHAT_CONVERSATION_ID } from '../../contracts/chat.ts';
import type { StorageLike } from '../shared/storage.ts';
import { newClientId } from './chat-outbox.ts';

/** Where a browser keeps its support conversation's id (local storage: the kiosk's reset wipes it). */
export const CONVERSATION_KEY = 'statefront-chat';

type Kept = { who: string; id: string };
const isKept = (v: unknown): v is Kept =>
  typeof v === 'object' && v !== null && typeof (v as Kept).who === 'string' && CHAT_CONVERSATION_ID.test(String((v as Kept).id));

/**
 * The id of this browser's conversation for `who` (a user id, or 'guest'), made and kept on
 * first use. Another person on the same browser (a login, a logout) gets a new one, so nobody
 * reads the conversation of whoever sat there before; without storage, one per page.
 */
export const keptConversationId = (storage: StorageLike | null, who: string): string => {
  try {
    const kept: unknown = JSON.parse(storage?.getItem(CONVERSATION_KEY) ?? 'null');
    if (isKept(kept) && kept.who === who) return kept.id;
  } catch {
    // Unreadable: a new conversation is made below.
  }
  const id = newClientId();
  try {
    storage?.setItem(CONVERSATION_KEY, JSON.stringify({ who, id } satisfies Kept));
  } catch {
    // Storage full or refused: the conversation lasts as long as the page.
  }
  return id;
};
