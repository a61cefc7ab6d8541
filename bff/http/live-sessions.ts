import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import type { UserInfo } from '#contracts/user.ts';
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

/** What the API said of a session: its user, or null for a dead one. */
type Answer = { user: LiveUser | null };
/** The request whose cookie is asked about (the API call carries its request id and address). */
type Asking = { req: Request; token: string };

/** What GET /api/session's answer says of a session: live (200), dead (401), or nothing. */
const answerOf = (status: number, body: unknown): Answer | undefined =>
  status === 200 ? { user: userIn(body) } : status === 401 ? { user: null } : undefined;

/**
 * A cookie that decrypts proves only that it was issued once: after logout it still decrypts.
 * Limits keyed on sessions therefore ask the API (GET /api/session) whether the session is
 * live, and remember the answer, live or dead, for at most `ttlMs`; the requests of one session
 * that arrive together wait on one question. An API that cannot answer is remembered not at
 * all: the request counts as a guest's (against its address).
 */
export const liveSessions = ({ callApi, ttlMs = TTL_MS, maxEntries = MAX_ENTRIES, now = Date.now }: LiveSessionOptions): LiveSessions => {
  const known = new LRUCache<string, Answer, Asking>({
    max: maxEntries,
    // lru-cache still answers from an entry exactly `ttl` old; an answer is believed for less than ttlMs.
    ttl: ttlMs - 1,
    // Read the clock on every look-up (lru-cache otherwise reuses one reading for a millisecond).
    ttlResolution: 0,
    perf: { now },
    // A question pushed out by a flood of other sessions, or overtaken by a logout, still
    // answers the requests waiting on it; only what is in the cache is believed afterwards.
    ignoreFetchAbort: true,
    // undefined (an API that did not say) is not remembered.
    fetchMethod: async (_key, _stale, { context: { req, token } }) => {
      const { status, body } = await callApi(req, '/api/session', { token }).catch(() => ({ status: 0, body: null }));
      return answerOf(status, body);
    },
  });

  return {
    middleware: async (req, _res, next) => {
      const token = req.session?.token;
      if (!token) return next();
      const answer = await known.fetch(keyOf(token), { context: { req, token } });
      if (answer?.user) users.set(req, answer.user);
      next();
    },
    watch: (inner) => async (req, path, options) => {
      const answer = await inner(req, path, options);
      const learnt = answerOf(answer.status, answer.body);
      if (options?.token && path === '/api/session' && learnt) known.set(keyOf(options.token), learnt);
      // Whatever the API said, the browser's cookie is gone: do not count this token as a user's any more.
      if (options?.token && path === '/api/logout') known.set(keyOf(options.token), { user: null });
      return answer;
    },
    size: () => known.size,
  };
};
