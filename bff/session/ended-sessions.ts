import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ApiClient } from './api-client.ts';
import { type EndedStore, KEEP_MS, type TokenSeal, noEndedStore } from './ended-store.ts';

export type EndedSessionsOptions = {
  callApi: ApiClient;
  logger: Logger;
  /** How long a logout waits for the API's confirmation before it answers anyway. */
  waitMs?: number;
  /** The first retry's delay; each later one doubles, up to MAX_RETRY_MS. */
  retryMs?: number;
  /** Logouts remembered at once; past it the oldest is forgotten (a flood of cookies cannot grow memory). */
  maxPending?: number;
  /** Where they are kept until the API confirms, so a restart never forgets one (ended-store.ts); nowhere by default. */
  store?: EndedStore;
  /** Seals the tokens the store keeps; needed with a store. */
  seal?: TokenSeal;
  now?: () => number;
};

export type EndedSessions = {
  /**
   * Ends the session the token belongs to: at once on this instance (`forget` drops the cookie's
   * session from every later request), at the API as soon as it confirms. Resolves when the API
   * confirmed or `waitMs` passed, whichever is first; never rejects.
   */
  end(req: Request, token: string): Promise<void>;
  /** Sets `req.session` to null for a session ended here whose end the API has not confirmed yet. */
  forget: RequestHandler;
  pending(): number;
  /** Takes up the logouts the store kept (an earlier run's, another instance's) and tells the API again. */
  start(): Promise<void>;
  /** Stops retrying (the instance stops) and waits for the store's writes. */
  close(): Promise<void>;
};

const WAIT_MS = 1_000;
const RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
const MAX_PENDING = 10_000;

/** Kept by a hash of the token, so memory holds nothing that would open a session. */
const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** What the API's call needs of a request, for a logout taken up from the store (its request is long gone). */
const resumed = (address: string): Request =>
  ({ requestId: 'resumed-logout', ip: address, socket: { remoteAddress: address } }) as unknown as Request;

/**
 * A logout must end the shopper's session even when the API cannot answer (a kiosk's next
 * shopper would otherwise inherit it): the cookie is cleared and this instance stops sending
 * the token, and the API, which alone can revoke it for every instance, is told again with a
 * growing delay until it confirms (200, or 401: the token was dead already). Until then the
 * logout is kept in `store` too, so a restart takes it up again rather than bringing the
 * session back.
 */
export const endedSessions = ({
  callApi,
  logger,
  waitMs = WAIT_MS,
  retryMs = RETRY_MS,
  maxPending = MAX_PENDING,
  store = noEndedStore(),
  seal,
  now = Date.now,
}: EndedSessionsOptions): EndedSessions => {
  const pending = new Map<string, NodeJS.Timeout | undefined>();
  /** The store's write of each logout: its removal waits for it. */
  const kept = new Map<string, Promise<void>>();
  let closed = false;

  const drop = (key: string) => {
    pending.delete(key);
    const written = kept.get(key) ?? Promise.resolve();
    kept.delete(key);
    void written.then(() => store.remove(key));
  };

  const tell = async (req: Request, token: string, key: string, delay: number): Promise<void> => {
    const { status } = await callApi(req, '/api/logout', { token }).catch(() => ({ status: 0 }));
    if (!pending.has(key)) return;
    if (status === 200 || status === 401) return drop(key);
    if (closed) return;
    logger.warn({ requestId: req.requestId, status, retryInMs: delay }, 'the API did not confirm a logout: it is told again');
    const timer = setTimeout(() => void tell(req, token, key, Math.min(delay * 2, MAX_RETRY_MS)), delay);
    timer.unref();
    pending.set(key, timer);
  };

  const remember = (key: string) => {
    pending.set(key, undefined);
    if (pending.size <= maxPending) return;
    const [oldest, timer] = pending.entries().next().value!;
    clearTimeout(timer);
    drop(oldest);
    logger.warn('too many logouts wait for the API: the oldest is no longer retried');
  };

  return {
    async end(req, token) {
      const key = keyOf(token);
      if (pending.has(key)) return;
      remember(key);
      if (seal) {
        const address = req.ip ?? req.socket?.remoteAddress ?? 'unknown';
        kept.set(key, store.add({ key, sealed: seal.seal(token), address, expiresAt: now() + KEEP_MS }));
      }
      const told = tell(req, token, key, retryMs);
      await Promise.race([told, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
      // Answered only once the logout is kept (or confirmed): a restart right after must not forget it.
      await kept.get(key);
    },
    forget: (req, _res, next) => {
      if (req.session && pending.has(keyOf(req.session.token))) req.session = null;
      next();
    },
    pending: () => pending.size,
    async start() {
      const entries = await store.load().catch((err: unknown) => {
        logger.error({ err }, 'cannot read the logouts waiting for the API');
        return [];
      });
      for (const { key, sealed, address, expiresAt } of entries) {
        const token = seal?.open(sealed);
        if (!token || expiresAt <= now()) {
          void store.remove(key);
          continue;
        }
        if (pending.has(key)) continue;
        remember(key);
        void tell(resumed(address), token, key, retryMs);
      }
      if (pending.size) logger.info({ pending: pending.size }, 'logouts the API has not confirmed yet are taken up again');
    },
    async close() {
      closed = true;
      for (const timer of pending.values()) clearTimeout(timer);
      await Promise.all(kept.values());
      await store.close();
    },
  };
};
