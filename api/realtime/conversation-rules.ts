import type { ChatAdmin } from '#contracts/chat.ts';

/**
 * The rules of a conversation (decision 010), kept apart from where conversations are stored so
 * both stores (memory, Redis) and their tests share one statement of them.
 */
export const CONVERSATION_RULES = {
  /** A conversation ends once no socket of its customer has been seen for this long. */
  customerGoneMs: 30 * 60_000,
  /** What a conversation holds is kept this long after its last change, then forgotten. */
  keepMs: 24 * 3600_000,
  /** Messages kept per conversation (the oldest go first). */
  historyLimit: 200,
} as const;

/** The customer was last seen at `seenAt`: gone long enough at `now` for the conversation to end. */
export const isAbandoned = (seenAt: number, now: number, goneMs: number = CONVERSATION_RULES.customerGoneMs): boolean =>
  now - seenAt >= goneMs;

/** Not changed since `changedAt`: at `now` its content is past keeping. */
export const isPastKeeping = (changedAt: number, now: number, keepMs: number = CONVERSATION_RULES.keepMs): boolean =>
  now - changedAt >= keepMs;

/**
 * The first admin to reply takes the conversation; later replies of the same admin (any tab)
 * keep it. Answers who holds it after `admin` tries to reply.
 */
export const holderAfterReply = (current: ChatAdmin | undefined, admin: ChatAdmin): ChatAdmin => current ?? admin;

/** Whether `admin` may answer or close a conversation held by `holder`. */
export const mayAnswer = (holder: ChatAdmin | undefined, admin: Pick<ChatAdmin, 'id'>): boolean => !holder || holder.id === admin.id;

/** The history with one more entry, the oldest dropped beyond `limit`. */
export const appendCapped = <T>(history: T[], entry: T, limit: number): T[] => [...history, entry].slice(-limit);
