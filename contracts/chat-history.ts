/*
 * Closed support conversations kept as transcripts (decision 018): the admin's History view
 * (`GET /api/chats/history?q=&page=`, admins only) and a logged-in customer's earlier
 * conversations (`GET /api/chats/mine`). Plain types: the client imports them.
 */

import type { ChatMessage } from './chat.ts';

/**
 * A message, or the line a shared screen left (`from: 'screen'`, decision 022): sharing began at
 * `since` and ended at `at`; its `text` says so in UTC, a page writes the times in the reader's zone.
 */
export type ChatTranscriptMessage =
  { from: 'client' | 'admin'; text: string; at: string } | { from: 'screen'; text: string; since: string; at: string };

/** The only trace a shared screen leaves in the transcript (decision 028). */
export const sharedScreenLine = (from: string, to: string): string => `Shared screen from ${from} to ${to}`;

/** A time of day as the reader's own locale and zone write it (the pages' shared screen lines). */
export const localTimeOf = (iso: string): string => new Date(iso).toLocaleTimeString(undefined, { timeStyle: 'short' });

/** A time of day in UTC as the API writes it into a shared screen's line (`14:05 UTC`). */
export const utcTimeOf = (iso: string): string => `${iso.slice(11, 16)} UTC`;
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

/** A line of a transcript that neither side wrote, shown between the messages. */
export type ChatNote = { note: string };

/**
 * A transcript's messages in the chat's own shape (spec section 3), for the message lists; a
 * shared screen's line says from when to when, each time as `time` writes it.
 */
export const transcriptMessages = (t: ChatTranscript, time: (iso: string) => string = localTimeOf): (ChatMessage | ChatNote)[] =>
  t.messages.map((m) => {
    if (m.from === 'screen') return { note: sharedScreenLine(time(m.since), time(m.at)) };
    return m.from === 'client' ? { client: m.text } : { admin: m.text };
  });
