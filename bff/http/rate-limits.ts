import type { Request, RequestHandler, Response } from 'express';
import { type RateLimitInfo, type Store, ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';
import { LIMIT_DEFAULTS } from '../config.ts';
import { wasAuthFailure } from './auth-failures.ts';
import { liveUser } from './live-sessions.ts';
import { countRefusal } from '#server/metrics.ts';

export type LimiterOptions = {
  /** Where a failing store is reported; the request then passes unchecked. */
  logger?: Logger;
};

/** The shopper's address, as `trust proxy` (TRUST_PROXY) reads it; IPv6 by its /56, which one subscriber holds. */
export const clientIp = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');

/** A store that fails (Redis gone) must not take the shop down: warn and let the request pass. */
export const storeFailure = (logger: Logger | undefined) => ({
  passOnStoreError: true,
  ...(logger && {
    logger: {
      error: (err: unknown, message?: string) => logger.warn({ err }, message ?? 'rate limiter failed'),
      warn: (err: unknown, message?: string) => logger.warn({ err }, message ?? 'rate limiter warning'),
    },
  }),
});

export type LoginLimitOptions = LimiterOptions & {
  perAccount?: number;
  perAddress?: number;
  windowMinutes?: number;
  /** Shared counters (Redis, when REDIS_URL is set), one store each; memory of this instance otherwise. */
  stores?: { account?: Store | undefined; address?: Store | undefined };
};

/** What one guarded request is: whose password it tries, and whether its answer was a failure. */
type Attempt = { account: string | undefined; kind: 'login' | 'current-password' };
const attempts = new WeakMap<Request, Attempt>();

const emailIn = (body: unknown): string | undefined =>
  body && typeof body === 'object' && 'email' in body && typeof body.email === 'string' ? body.email.trim().toLowerCase() : undefined;

/** A login fails when the API refuses what was sent (4xx); a limiter's own 429 and the API's 5xx are not the guesser's tries. */
const failed = (req: Request, status: number): boolean =>
  attempts.get(req)?.kind === 'current-password' ? wasAuthFailure(req) : status >= 400 && status < 500 && status !== 429;

/**
 * Wrong passwords, counted twice: per account and address (10 in 15 minutes stop a guesser,
 * yet the owner, elsewhere, still logs in: a stranger cannot lock an account for everyone),
 * and per address across accounts (50 stop credential stuffing from one place, and leave a
 * store's kiosks room for typos). Both count failed logins and the API's answers to a wrong
 * current password on PUT /api/users/profile (header `x-statefront-auth-failure`), so the
 * profile form is no side door for guessing. Successes never count.
 *
 * `login` guards POST /api/users/login (after its body is parsed); `currentPassword` guards the
 * streamed profile PUT, whose account is the live session's user.
 */
export const loginLimits = ({
  perAccount = LIMIT_DEFAULTS.LOGIN_FAILURES_PER_ACCOUNT,
  perAddress = LIMIT_DEFAULTS.LOGIN_FAILURES_PER_ADDRESS,
  windowMinutes = LIMIT_DEFAULTS.LOGIN_FAILURE_WINDOW_MINUTES,
  stores = {},
  logger,
}: LoginLimitOptions = {}): { login: RequestHandler; currentPassword: RequestHandler } => {
  const wait = `Wait ${windowMinutes} minute${windowMinutes === 1 ? '' : 's'} and try again.`;
  const refuse = (what: { login: string; password: string }, limit: string) => (req: Request, res: Response) => {
    countRefusal('bff', limit);
    if (attempts.get(req)?.kind === 'login') return void res.status(429).json({ message: `${what.login} ${wait}` });
    res.status(429).json({ message: `${what.password} ${wait}`, field: 'currentPassword' });
  };
  const common = {
    windowMs: windowMinutes * 60 * 1000,
    skipSuccessfulRequests: true,
    requestWasSuccessful: (req: Request, res: Response) => !failed(req, res.statusCode),
    standardHeaders: 'draft-8' as const,
    legacyHeaders: false,
    ...storeFailure(logger),
  };
  const byAccount = rateLimit({
    ...common,
    limit: perAccount,
    ...(stores.account && { store: stores.account }),
    skip: (req) => attempts.get(req)?.account === undefined,
    keyGenerator: (req) => `${attempts.get(req)?.account}|${clientIp(req)}`,
    handler: refuse(
      { login: 'Too many failed logins for this account.', password: 'Too many wrong passwords for this account.' },
      'failed-logins-per-account',
    ),
  });
  const byAddress = rateLimit({
    ...common,
    limit: perAddress,
    ...(stores.address && { store: stores.address }),
    keyGenerator: (req) => clientIp(req),
    handler: refuse(
      { login: 'Too many failed logins from your network.', password: 'Too many wrong passwords from your network.' },
      'failed-logins-per-address',
    ),
  });
  const guard =
    (attempt: (req: Request) => Attempt): RequestHandler =>
    (req, res, next) => {
      attempts.set(req, attempt(req));
      void byAccount(req, res, (error?: unknown) => (error ? next(error) : void byAddress(req, res, next)));
    };
  return {
    login: guard((req) => ({ account: emailIn(req.body) ?? '', kind: 'login' })),
    currentPassword: guard((req) => ({ account: liveUser(req)?.email.toLowerCase(), kind: 'current-password' })),
  };
};

/** The login route's guard alone, with in-memory counters (the session routes' default). */
export const loginLimiter = (options: LoginLimitOptions = {}): RequestHandler => loginLimits(options).login;

/**
 * GET /api/logout and GET /api/session are never limited: a shopper over their
 * allowance can always leave, and a kiosk can always check that they did before it shows the
 * next shopper its attract screen. Read with Express's own matching: any case, a trailing slash.
 */
export const neverLimited = (req: Request): boolean =>
  (req.method === 'GET' || req.method === 'HEAD') && /^\/(logout|session)\/?$/i.test(req.path);

/** The handler for every request but the never-limited ones, which pass straight on. */
export const unlessNeverLimited =
  (handler: RequestHandler): RequestHandler =>
  (req, res, next) =>
    neverLimited(req) ? next() : handler(req, res, next);

export type ApiLimitOptions = LimiterOptions & {
  perUser?: number;
  perAddress?: number;
  store?: Store | undefined;
};

/** apiLimiter's key for a request without a live session: its address (IPv6 by its /56), as clientIp reads it. */
const guestKey = (address: string) => `ip:${ipKeyGenerator(address)}`;

/** What counting one request against an address said: within its allowance, over it (taken back), or unknown (the store failed). */
export type AddressCount = 'within' | 'over' | 'unknown';

/**
 * Counts one request against an address's allowance in apiLimiter's `store`, under the key
 * apiLimiter gives a guest's /api call: a guest's catalogue call answered before Express
 * (cache-hits-first.ts) and every page the BFF renders share the address's allowance with its
 * /api calls. Over `perAddress` the count is taken back, so a refusal costs nothing more.
 */
export const addressCounter =
  (store: Store, perAddress: number) =>
  async (address: string): Promise<AddressCount> => {
    const key = guestKey(address);
    let hits: number;
    try {
      hits = (await store.increment(key)).totalHits;
    } catch {
      return 'unknown';
    }
    if (hits <= perAddress) return 'within';
    await Promise.resolve(store.decrement(key)).catch(() => undefined);
    return 'over';
  };

/**
 * For cache-hits-first.ts: true within `perAddress`. False when over it or when the store
 * fails: the request then goes through Express, whose apiLimiter counts it once and refuses it
 * (or, with the store down, lets it pass and logs), so each request counts once either way.
 */
export const guestCounter = (store: Store, perAddress: number) => {
  const count = addressCounter(store, perAddress);
  return async (address: string): Promise<boolean> => (await count(address)) === 'within';
};

export const TOO_MANY_REQUESTS = 'Too many requests. Wait a minute and try again.';

/** The shop's answer past its requests-a-minute limit: when to come back (which the client reads), and why. */
export const refuseTooMany = (res: Response, seconds: number, limit = 'api-requests'): void => {
  countRefusal('bff', limit);
  res.setHeader('retry-after', String(seconds));
  res.status(429).json({ message: TOO_MANY_REQUESTS });
};

/** Seconds until the window that refused `req` ends (express-rate-limit's `req.rateLimit`); a minute when unknown. */
const secondsToReset = (req: Request): number => {
  const reset = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime?.getTime();
  return reset ? Math.max(1, Math.ceil((reset - Date.now()) / 1000)) : 60;
};

/**
 * A generous ceiling on /api against runaway scripts, keyed on what is real: a live session's
 * user (every session of that user together, so logging in again buys nothing), otherwise the
 * address. A cookie that merely decrypts (logged out, expired at the API) is a guest's.
 * Needs `liveSessions().middleware` before it.
 */
export const apiLimiter = ({
  perUser = LIMIT_DEFAULTS.API_LIMIT_PER_MINUTE,
  perAddress = LIMIT_DEFAULTS.API_GUEST_LIMIT_PER_MINUTE,
  store,
  logger,
}: ApiLimitOptions = {}): RequestHandler =>
  rateLimit({
    windowMs: 60 * 1000,
    limit: (req) => (liveUser(req) ? perUser : perAddress),
    // No RateLimit headers on what is served: a guest's catalogue answer is public, and a shared
    // cache (nginx, a CDN) would hand one address's count and partition key to every guest.
    // A refusal says when to come back (Retry-After), which the client reads.
    standardHeaders: false,
    legacyHeaders: false,
    ...(store && { store }),
    ...storeFailure(logger),
    keyGenerator: (req) => {
      const user = liveUser(req);
      // guestKey's spelling, through clientIp (express-rate-limit warns of a req.ip read here without ipKeyGenerator).
      return user ? `user:${user._id}` : `ip:${clientIp(req)}`;
    },
    handler: (req, res) => refuseTooMany(res, secondsToReset(req)),
  });
