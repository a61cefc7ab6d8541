import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import type { ChatIdentifyV2 } from '#contracts/chat.ts';
import type { ApiContext } from '../context.ts';

/** Who a partner says the visitor is: the admin sees the name. */
export type Identity = { id: string; name: string; email: string };
/** What v2 signs besides who: the shop it is meant for and when it stops being valid (seconds since the epoch). */
export type IdentityClaims = Identity & { aud: string; exp: number };

/** Partner clocks may run a little ahead or behind the shop's. */
export const CLOCK_SKEW_S = 60;
/** A signed identity is a bearer credential until it expires: a short life bounds a leaked one. */
export const MAX_LIFETIME_S = 24 * 60 * 60;
const MAX_PAYLOAD = 2048;
/** Deprecation warnings go to the log at most this often, so a busy partner cannot flood it. */
const WARN_EVERY_MS = 60 * 60 * 1000;

const hmacHex = (secret: string, message: string): string => createHmac('sha256', secret).update(message, 'utf8').digest('hex');

/**
 * v2 as a partner's server makes it. The payload is signed as the exact text that travels, so
 * no field can be re-split into another, and `v2.` keeps a v1 signature from ever passing as v2.
 */
export const signIdentity = ({ id, name, email, aud, exp }: IdentityClaims, secret: string): ChatIdentifyV2 => {
  const payload = JSON.stringify({ id, name, email, aud, exp });
  return { v: 2, payload, signature: hmacHex(secret, `v2.${payload}`) };
};

/** v1 (deprecated): hex HMAC-SHA256 of `${id}|${name}|${email}`; a `|` inside a field moves the split. */
export const signIdentityV1 = ({ id, name, email }: Identity, secret: string): string => hmacHex(secret, `${id}|${name}|${email}`);

const text = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
const isIdentity = (v: Record<string, unknown>): boolean => text(v.id, 200) && text(v.name, 200) && text(v.email, 254);

/** Both sides are 64 validated hex digits, so both buffers are 32 bytes and the comparison cannot throw. */
const sameHex = (given: string, expected: string): boolean => timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'));

const lastWarned = new WeakMap<Logger, Map<string, number>>();
const warnNow = (logger: Logger, kind: string, now: number): boolean => {
  const seen = lastWarned.get(logger) ?? new Map<string, number>();
  lastWarned.set(logger, seen);
  const last = seen.get(kind);
  if (last !== undefined && now - last < WARN_EVERY_MS) return false;
  seen.set(kind, now);
  return true;
};

type Verifying = Pick<ApiContext, 'config' | 'logger'>;
type Outcome = Identity | string;

const claimsOf = (payload: string): IdentityClaims | string => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return 'identify failed: payload must be JSON text';
  }
  const claims = (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : {}) as Record<string, unknown>;
  if (!isIdentity(claims)) return 'identify failed: payload needs id, name and email as non-empty strings';
  if (typeof claims.aud !== 'string') return "identify failed: payload needs aud, the shop's origin";
  if (!Number.isSafeInteger(claims.exp)) return 'identify failed: payload needs exp, whole seconds since the epoch';
  return claims as IdentityClaims;
};

const verifyV2 = (given: Record<string, unknown>, secret: string, { config, logger }: Verifying, now: number): Outcome => {
  const { payload, signature } = given;
  if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD)
    return `identify failed: payload must be the signed JSON text, at most ${MAX_PAYLOAD} characters`;
  // Exact form only: Buffer.from(hex) would skip upper case, stop at a stray byte and accept what follows.
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature))
    return 'identify failed: signature must be exactly 64 lowercase hex digits';
  if (!sameHex(signature, hmacHex(secret, `v2.${payload}`)))
    return 'identify failed: the signature does not match; sign `v2.` followed by the payload with the shared secret';
  const claims = claimsOf(payload);
  if (typeof claims === 'string') return claims;
  if (!config.PUBLIC_ORIGIN) {
    if (warnNow(logger, 'no audience', now))
      logger.warn(
        'a partner sent a v2 chat identity, but PUBLIC_ORIGIN is not set for the API, so its audience cannot be checked: set PUBLIC_ORIGIN to the shop origin',
      );
    return 'identify failed: this shop cannot check the audience yet (its PUBLIC_ORIGIN is not set)';
  }
  if (claims.aud !== config.PUBLIC_ORIGIN) return `identify failed: aud must be this shop's origin, ${config.PUBLIC_ORIGIN}`;
  const nowS = now / 1000;
  if (claims.exp + CLOCK_SKEW_S < nowS) return 'identify failed: the identity has expired; sign a fresh one';
  if (claims.exp - nowS > MAX_LIFETIME_S + CLOCK_SKEW_S)
    return 'identify failed: exp is more than 24 hours ahead (exp is in seconds since the epoch)';
  return { id: claims.id, name: claims.name, email: claims.email };
};

const verifyV1 = (given: Record<string, unknown>, secret: string, { config, logger }: Verifying, now: number): Outcome => {
  const { id, name, email, signature } = given;
  if (!isIdentity(given) || typeof signature !== 'string')
    return 'identify failed: id, name, email and signature must be non-empty strings';
  // Either case, as the widget has always let through; nothing before or after the 64 digits.
  if (!/^[0-9a-f]{64}$/i.test(signature)) return 'identify failed: signature must be exactly 64 hex digits';
  const identity = { id, name, email } as Identity;
  if (!sameHex(signature, signIdentityV1(identity, secret)))
    return 'identify failed: the signature does not match; sign `${id}|${name}|${email}` with the shared secret';
  const until = config.CHAT_IDENTITY_V1_UNTIL;
  if (!until || now >= until.getTime()) {
    if (warnNow(logger, 'v1 refused', now))
      logger.warn(
        { until },
        'a partner still signs chat identities in the v1 format, which this shop refuses (CHAT_IDENTITY_V1_UNTIL unset or past): have partners sign v2 (widgets/README.md)',
      );
    return 'identify failed: v1 identities are no longer accepted; sign a v2 identity (see the widget documentation)';
  }
  if (warnNow(logger, 'v1 accepted', now))
    logger.warn(
      { until },
      'a partner signed a chat identity in the deprecated v1 format, accepted until CHAT_IDENTITY_V1_UNTIL: have partners sign v2 (widgets/README.md)',
    );
  return identity;
};

/**
 * The identity a partner page passed in the handshake, when its signature holds; otherwise a
 * sentence saying why not. `undefined` when nothing was passed.
 */
export const verifyIdentity = (raw: unknown, ctx: Verifying, now = Date.now()): Outcome | undefined => {
  if (raw === undefined || raw === null) return undefined;
  const secret = ctx.config.CHAT_IDENTITY_SECRET;
  if (!secret) return 'identify failed: this shop does not accept signed identities';
  const given = (typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  if (given.v === 2) return verifyV2(given, secret, ctx, now);
  if (given.v === undefined) return verifyV1(given, secret, ctx, now);
  return 'identify failed: unknown identity version; sign v2';
};
