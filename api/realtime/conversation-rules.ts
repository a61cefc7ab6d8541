import type { ChatAdmin } from '#contracts/chat.ts';

/**
 * The rules of a conversation (decisions 010 and 018), kept apart from the statements that apply
 * them (conversations.ts, conversation-history.ts) so the hub, the history and their tests share
 * one statement of them.
 */
export const CONVERSATION_RULES = {
  /** A conversation ends once no socket of its customer has been seen for this long. */
  customerGoneMs: 30 * 60_000,
  /** The conversation id issued to an owner's proof is kept this long after its last use. */
  keepMs: 24 * 3600_000,
  /** Messages an admin page or a replay is sent per conversation (the latest; all are stored). */
  historyLimit: 200,
  /** Transcripts a page of the admin's history holds. */
  historyPageSize: 20,
} as const;

const DAY_MS = 24 * 3600_000;

/** Whether `admin` may answer or close a conversation held by `holder`: the first admin to reply takes it. */
export const mayAnswer = (holder: ChatAdmin | undefined, admin: Pick<ChatAdmin, 'id'>): boolean => !holder || holder.id === admin.id;

/**
 * Who is writing, on the admin's cards, when the hub does not know the customer's name: `Guest`
 * with the conversation's number, so two guests are told apart.
 */
export const guestLabel = (conversationNumber: string | number): string => `Guest ${conversationNumber}`;

/** Transcripts closed before this instant are past CHAT_HISTORY_DAYS and go. */
export const historyCutoff = (now: number, days: number): number => now - days * DAY_MS;
