import { createHash, hkdfSync, randomUUID } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { LRUCache } from 'lru-cache';

/** What the encrypted cookie carries. Only the BFF can read it; the browser sees ciphertext. */
export type Session = {
  /** A fresh id per login, so a new login never reuses an old cookie's identity. */
  id: string;
  /** The API's bearer token. */
  token: string;
  doNotLogout: boolean;
  /** As it was at login; /api/get-token asks the API for the current value. */
  isAdmin: boolean;
};

const SHORT = 12 * 60 * 60; // seconds, matching the API token of a browser session
const LONG = 7 * 24 * 60 * 60; // doNotLogout: seven days

const PLAIN_NAME = 'sf_session';
// The __Host- prefix makes the browser refuse the cookie unless Secure, Path=/ and no Domain.
const SECURE_NAME = '__Host-sf_session';

export type SessionCookies = {
  /** The Set-Cookie value that stores the session. */
  issue(session: Omit<Session, 'id'>, secure: boolean): Promise<string>;
  /** The Set-Cookie value that deletes it. */
  clear(secure: boolean): string;
  /** The session in the request's Cookie header, or null when absent, tampered with or expired. */
  read(cookieHeader: string | undefined): Promise<Session | null>;
};

/** Derives a 256-bit key from the secret, so any long random string can serve as SESSION_SECRET. */
const deriveKey = (secret: string): Uint8Array =>
  new Uint8Array(hkdfSync('sha256', secret, 'statefront-bff', 'session-cookie A256GCM', 32));

/**
 * Cookies already opened, until their own expiry: a logged-in shopper's every /api call brings
 * the same cookie, and opening it (jose, through WebCrypto's thread pool) was a quarter of the
 * BFF's CPU on a proxied call (a profile of GET /api/orders). Keyed by a hash of the
 * cookie, so the cache holds nothing a browser could present; bounded. What a cookie decrypts
 * to never changes, so this answers exactly what decrypting would: a logged-out cookie still
 * decrypts either way, and ended-sessions.ts and the live-session check say it is dead.
 */
const OPENED_MAX = 10_000;

export const sessionCookies = (secret: string): SessionCookies => {
  const key = deriveKey(secret);
  const opened = new LRUCache<string, { session: Session; expiresAt: number }>({ max: OPENED_MAX });
  const attributes = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict' as const, path: '/', secure });
  const nameFor = (secure: boolean) => (secure ? SECURE_NAME : PLAIN_NAME);

  return {
    async issue(session, secure) {
      const lifetime = session.doNotLogout ? LONG : SHORT;
      const sealed = await new EncryptJWT({ ...session, id: randomUUID() })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${lifetime}s`)
        .encrypt(key);
      // Without doNotLogout no Max-Age: the browser drops the cookie when it closes.
      return stringifySetCookie(nameFor(secure), sealed, {
        ...attributes(secure),
        ...(session.doNotLogout ? { maxAge: LONG } : {}),
      });
    },
    clear(secure) {
      return stringifySetCookie(nameFor(secure), '', { ...attributes(secure), maxAge: 0, expires: new Date(0) });
    },
    async read(cookieHeader) {
      if (!cookieHeader) return null;
      const cookies = parseCookie(cookieHeader);
      const sealed = cookies[SECURE_NAME] ?? cookies[PLAIN_NAME];
      if (!sealed) return null;
      const known = createHash('sha256').update(sealed).digest('base64url');
      const kept = opened.get(known);
      // Never past the cookie's own expiry, which jwtDecrypt would refuse.
      if (kept && Date.now() < kept.expiresAt) return { ...kept.session };
      try {
        const { payload } = await jwtDecrypt(sealed, key, { keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
        const { id, token, doNotLogout, isAdmin, exp } = payload;
        if (typeof id !== 'string' || typeof token !== 'string') return null;
        const session = { id, token, doNotLogout: doNotLogout === true, isAdmin: isAdmin === true };
        if (typeof exp === 'number') opened.set(known, { session, expiresAt: exp * 1000 });
        return { ...session };
      } catch {
        return null;
      }
    },
  };
};
