import { createHash, randomBytes } from 'node:crypto';
import { CHAT_VISITOR_TOKEN } from '#contracts/chat.ts';
import type { AuthUser } from '../auth/types.ts';
import type { Identity } from './identify.ts';

export type OwnerProofs = {
  user?: AuthUser | undefined;
  identity?: Identity | undefined;
  /** The guest chat cookie the BFF forwarded (already checked to come with the BFF's proof). */
  visitor?: string | undefined;
  /** The token the hub gave an anonymous visitor ('chat visitor'), as the widget presents it (`auth.visitor`). */
  token?: string | undefined;
};

/**
 * Who owns the conversation a socket asks to keep, from a proof only that customer holds
 * (decision 013): the live session of a logged-in shopper, a partner's signed identity, the
 * shop's HttpOnly guest cookie, or the token the hub gave an anonymous visitor before. A digest, so the store never holds what would prove it. None
 * (the conversation is the socket's own) when the socket has no such proof.
 */
export const ownerOf = ({ user, identity, visitor, token }: OwnerProofs): string | undefined => {
  const proof = user
    ? `session:${user.sessionId}`
    : identity
      ? `partner:${JSON.stringify([identity.id, identity.email])}`
      : visitor && CHAT_VISITOR_TOKEN.test(visitor)
        ? `guest:${visitor}`
        : token && CHAT_VISITOR_TOKEN.test(token)
          ? `visitor:${token}`
          : undefined;
  return proof === undefined ? undefined : createHash('sha256').update(proof).digest('base64url');
};

/** A new visitor token: 256 random bits, the form CHAT_VISITOR_TOKEN checks. */
export const newVisitorToken = (): string => randomBytes(32).toString('base64url');
