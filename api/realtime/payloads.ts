import { CHAT_CLIENT_ID } from '#contracts/chat.ts';
import type { AdminCloseIn, AdminMessageIn, ChatError, ChatReplayRequest } from '#contracts/chat.ts';
import { LIMITS } from '#contracts/rules.ts';

/**
 * Checks of what sockets send. Hand-written rather than zod: the payloads are tiny and the
 * messages name the field the way a person reading the widget's console would look for it.
 */
const fail = (code: ChatError['code'], message: string): ChatError => ({ code, message });
const isError = (v: unknown): v is ChatError => typeof v === 'object' && v !== null && 'code' in v && 'message' in v;
export { isError as isChatError };

const record = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** A chat text: a string, not blank, at most LIMITS.chatMessageMax characters; sent trimmed. */
export const parseText = (v: unknown, field = 'text'): string | ChatError => {
  if (typeof v !== 'string') return fail('invalid', `${field} must be a string`);
  const text = v.trim();
  if (text.length === 0) return fail('empty', `${field} is empty: write something before sending`);
  if (text.length > LIMITS.chatMessageMax) {
    return fail('too long', `${field} is ${text.length} characters long; a chat message can be at most ${LIMITS.chatMessageMax}`);
  }
  return text;
};

const roomId = (v: unknown, field: string): string | ChatError =>
  typeof v === 'string' && v.length > 0 && v.length <= 64
    ? v
    : fail('invalid', `${field} must be a conversation's id (the user of its messages)`);

export const parseAdminMessage = (v: unknown): AdminMessageIn | ChatError => {
  const body = record(v);
  if (!body) return fail('invalid', 'send { user, message }');
  const user = roomId(body.user, 'user');
  if (isError(user)) return user;
  const message = parseText(body.message, 'message');
  return isError(message) ? message : { user, message };
};

/** Spec section 7 sends `{ roomId }`; the spec's own client sends the id as a bare string, read the same. */
export const parseAdminClose = (v: unknown): AdminCloseIn | ChatError => {
  const id = roomId(typeof v === 'string' ? v : record(v)?.roomId, 'roomId');
  return isError(id) ? id : { roomId: id };
};

export const parseReplay = (v: unknown): ChatReplayRequest | ChatError => {
  const body = record(v);
  const after = body?.after;
  if (typeof after !== 'number' || !Number.isInteger(after) || after < 0) {
    return fail('invalid', 'after must be the last message id seen (0 for all)');
  }
  if (body?.room === undefined) return { after };
  const room = roomId(body.room, 'room');
  return isError(room) ? room : { after, room };
};

/** The optional message id a client sends after the payload: absent is fine, anything else must look like one. */
export const parseClientId = (v: unknown): string | undefined | ChatError =>
  v === undefined || v === null
    ? undefined
    : typeof v === 'string' && CHAT_CLIENT_ID.test(v)
      ? v
      : fail('invalid', 'the message id (after the text) must be 1 to 64 letters, digits, - or _');
