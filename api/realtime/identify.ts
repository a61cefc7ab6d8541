import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChatIdentify } from '../../contracts/chat.ts';

export type Identity = Omit<ChatIdentify, 'signature'>;

/** What a partner's server computes: hex HMAC-SHA256 of `${id}|${name}|${email}`. */
export const signIdentity = ({ id, name, email }: Identity, secret: string): string =>
  createHmac('sha256', secret).update(`${id}|${name}|${email}`).digest('hex');

const field = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/**
 * The identity a partner page passed in the handshake, when its signature holds; otherwise a
 * sentence saying why not. `undefined` when nothing was passed.
 */
export const verifyIdentity = (raw: unknown, secret: string | undefined): Identity | string | undefined => {
  if (raw === undefined || raw === null) return undefined;
  const { id, name, email, signature } = (typeof raw === 'object' ? raw : {}) as Partial<Record<keyof ChatIdentify, unknown>>;
  if (!secret) return 'identify failed: this shop does not accept signed identities';
  if (!field(id, 200) || !field(name, 200) || !field(email, 254) || !field(signature, 128)) {
    return 'identify failed: id, name, email and signature must be non-empty strings';
  }
  const expected = Buffer.from(signIdentity({ id, name, email }, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  // Length first: timingSafeEqual throws on different lengths, and the expected length is public.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return 'identify failed: the signature does not match; sign `${id}|${name}|${email}` with the shared secret';
  }
  return { id, name, email };
};
