/*
 * Closed support conversations kept as transcripts (decision 018): the admin's History view
 * (`GET /api/chats/history?q=&page=`, admins only) and a logged-in customer's earlier
 * conversations (`GET /api/chats/mine`). Plain types: the client imports them.
 */

import type { ChatMessage } from './chat.ts';

export type ChatTranscriptMessage = { from: 'client' | 'admin'; text: string; at: string };
/** `name`: the customer's, or `Guest <number>`; times are ISO. */
export type ChatTranscript = {
  id: string;
  name: string;
  email?: string;
  openedAt: string;
  closedAt: string;
  messages: ChatTranscriptMessage[];
};
/** One page of the history, newest closed first. */
export type ChatTranscriptPage = { page: number; pages: number; total: number; transcripts: ChatTranscript[] };
/** A logged-in customer's closed conversations, oldest first. */
export type ChatEarlier = { transcripts: ChatTranscript[] };

export const CHAT_HISTORY_PATHS = { history: '/api/chats/history', mine: '/api/chats/mine' } as const;

/** A transcript's messages in the chat's own shape (spec section 3), for the message lists. */
export const transcriptMessages = (t: ChatTranscript): ChatMessage[] =>
  t.messages.map((m) => (m.from === 'client' ? { client: m.text } : { admin: m.text }));
