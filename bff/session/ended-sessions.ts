import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { ApiClient } from './api-client.ts';

export type EndedSessionsOptions = {
  callApi: ApiClient;
  logger: Logger;
  /** How long a logout waits for the API's confirmation before it answers anyway. */
  waitMs?: number;
  /** The first retry's delay; each later one doubles, up to MAX_RETRY_MS. */
  retryMs?: number;
  /** Logouts remembered at once; past it the oldest is forgotten (a flood of cookies cannot grow memory). */
  maxPending?: number;
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
  /** Stops retrying (the instance stops). */
  close(): void;
};

const WAIT_MS = 1_000;
const RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
const MAX_PENDING = 10_000;

/** Kept by a hash of the token, so memory holds nothing that would open a session. */
const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A logout must end the shopper's session even when the API cannot answer (a kiosk's next
 * shopper would otherwise inherit it): the cookie is cleared and this instance stops sending
 * the token, and the API, which alone can revoke it for every instance, is told again with a
 * growing delay until it confirms (200, or 401: the token was dead already).
 */
export const endedSessions = ({
  callApi,
  logger,
  waitMs = WAIT_MS,
  retryMs = RETRY_MS,
  maxPending = MAX_PENDING,
}: EndedSessionsOptions): EndedSessions => {
  const pending = new Map<string, NodeJS.Timeout | undefined>();
  let closed = false;

  const tell = async (req: Request, token: string, key: string, delay: number): Promise<void> => {
    const { status } = await callApi(req, '/api/logout', { token }).catch(() => ({ status: 0 }));
    if (!pending.has(key)) return;
    if (status === 200 || status === 401) return void pending.delete(key);
    if (closed) return;
    logger.warn({ requestId: req.requestId, status, retryInMs: delay }, 'the API did not confirm a logout: it is told again');
    const timer = setTimeout(() => void tell(req, token, key, Math.min(delay * 2, MAX_RETRY_MS)), delay);
    timer.unref();
    pending.set(key, timer);
  };

  return {
    async end(req, token) {
      const key = keyOf(token);
      if (pending.has(key)) return;
      pending.set(key, undefined);
      if (pending.size > maxPending) {
        const [oldest, timer] = pending.entries().next().value!;
        clearTimeout(timer);
        pending.delete(oldest);
        logger.warn('too many logouts wait for the API: the oldest is no longer retried');
      }
      const told = tell(req, token, key, retryMs);
      await Promise.race([told, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
    },
    forget: (req, _res, next) => {
      if (req.session && pending.has(keyOf(req.session.token))) req.session = null;
      next();
    },
    pending: () => pending.size,
    close() {
      closed = true;
      for (const timer of pending.values()) clearTimeout(timer);
    },
  };
};
