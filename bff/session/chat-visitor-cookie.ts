import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { parseCookie, stringifySetCookie } from 'cookie';
import { CHAT_VISITOR_TOKEN } from '#contracts/chat.ts';

/**
 * The shop's guest chat cookie (decision 013): a random token only that browser holds, which
 * the hub turns into the guest's conversation. HttpOnly, so no script on the page reads it;
 * sent only with the shop's own requests (SameSite=Strict, and the relay ignores it from partner origins).
 */
const PLAIN_NAME = 'sf_chat';
// The __Host- prefix makes the browser refuse the cookie unless Secure, Path=/ and no Domain.
const SECURE_NAME = '__Host-sf_chat';

const nameFor = (secure: boolean) => (secure ? SECURE_NAME : PLAIN_NAME);
const attributes = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict' as const, path: '/', secure });

/** The token in the request's Cookie header, when it has the form the BFF issues. */
export const readChatVisitor = (cookieHeader: string | undefined): string | undefined => {
  if (!cookieHeader) return undefined;
  const cookies = parseCookie(cookieHeader);
  const token = cookies[SECURE_NAME] ?? cookies[PLAIN_NAME];
  return token && CHAT_VISITOR_TOKEN.test(token) ? token : undefined;
};

/** A new token (256 random bits) and the Set-Cookie value that stores it for the browser's session. */
export const issueChatVisitor = (secure: boolean): { token: string; setCookie: string } => {
  const token = randomBytes(32).toString('base64url');
  return { token, setCookie: stringifySetCookie(nameFor(secure), token, attributes(secure)) };
};

/** The Set-Cookie value that deletes it: a login, a logout and the kiosk's reset start another guest. */
export const clearChatVisitor = (secure: boolean): string =>
  stringifySetCookie(nameFor(secure), '', { ...attributes(secure), maxAge: 0, expires: new Date(0) });

/** socket.io's first request (engine.io's handshake, which fixes the socket's headers): a GET without a session id. */
export const isEngineHandshake = (req: Request): boolean => req.method === 'GET' && req.query.sid === undefined;
