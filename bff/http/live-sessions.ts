import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { UserInfo } from '../../contracts/user.ts';
import type { ApiClient } from '../session/api-client.ts';

/** The user behind a session the API still honours. */
export type LiveUser = Pick<UserInfo, '_id' | 'email'>;

export type LiveSessionOptions = {
  callApi: ApiClient;
  /** How long an answer of the API is believed; the issue allows at most 30 s. */
  ttlMs?: number;
  /** Sessions remembered at once; the oldest is forgotten first, so a flood of cookies cannot grow memory. */
  maxEntries?: number;
  now?: () => number;
};

export type LiveSessions = {
  /** Sets `liveUser(req)` for requests whose cookie holds a session the API confirms. */
  middleware: RequestHandler;
  /** The same ApiClient, teaching the cache what the session routes learn (get-token, logout). */
  watch(callApi: ApiClient): ApiClient;
  size(): number;
};

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

const users = new WeakMap<Request, LiveUser>();

/** The live session's user, once `middleware` has run; undefined for guests and dead sessions. */
export const liveUser = (req: Request): LiveUser | undefined => users.get(req);

/** Cached by a hash of the token, so the cache holds nothing that would open a session. */
const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

const userIn = (body: unknown): LiveUser | null => {
  const user = body && typeof body === 'object' && 'user' in body ? (body.user as Partial<UserInfo> | null) : null;
  return user && typeof user._id === 'string' && typeof user.email === 'string' ? { _id: user._id, email: user.email } : null;
};

/**
 * A cookie that decrypts proves only that it was issued once: after logout it still decrypts.
 * Limits keyed on sessions therefore ask the API (GET /api/session) whether the session is
 * live, and remember the answer, live or dead, for at most `ttlMs`. An API that cannot answer
 * is remembered not at all: the request counts as a guest's (against its address).
 */
export const liveSessions = ({ callApi, ttlMs = TTL_MS, maxEntries = MAX_ENTRIES, now = Date.now }: LiveSessionOptions): LiveSessions => {
  const known = new Map<string, { user: LiveUser | null; until: number }>();
  const asking = new Map<string, Promise<LiveUser | null>>();

  const remember = (key: string, user: LiveUser | null) => {
    known.delete(key);
    known.set(key, { user, until: now() + ttlMs });
    if (known.size > maxEntries) known.delete(known.keys().next().value!);
  };

  const learn = (key: string, status: number, body: unknown) => {
    if (status === 200) remember(key, userIn(body));
    else if (status === 401) remember(key, null);
  };

  const ask = (req: Request, token: string, key: string): Promise<LiveUser | null> => {
    const pending = asking.get(key);
    if (pending) return pending;
    const answer = callApi(req, '/api/session', { token })
      .then(({ status, body }) => {
        learn(key, status, body);
        return status === 200 ? userIn(body) : null;
      })
      .catch(() => null)
      .finally(() => asking.delete(key));
    asking.set(key, answer);
    return answer;
  };

  return {
    middleware: async (req, _res, next) => {
      const token = req.session?.token;
      if (!token) return next();
      const key = keyOf(token);
      const entry = known.get(key);
      const user = entry && entry.until > now() ? entry.user : await ask(req, token, key);
      if (user) users.set(req, user);
      next();
    },
    watch: (inner) => async (req, path, options) => {
      const answer = await inner(req, path, options);
      if (options?.token && path === '/api/session') learn(keyOf(options.token), answer.status, answer.body);
      // Whatever the API said, the browser's cookie is gone: do not count this token as a user's any more.
      if (options?.token && path === '/api/logout') remember(keyOf(options.token), null);
      return answer;
    },
    size: () => known.size,
  };
};
