import type { Request, RequestHandler } from 'express';
import { type Store, ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** The per-session ceiling on /api when createBff is given none. */
export const API_LIMIT_PER_MINUTE = 600;

export type LimiterOptions = {
  /** Shared counters (Redis, when REDIS_URL is set); memory of this instance otherwise. */
  store?: Store;
  /** Where a failing store is reported; the request then passes unchecked. */
  logger?: Logger;
};

const clientIp = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');

/** A store that fails (Redis gone) must not take the shop down: warn and let the request pass. */
const storeFailure = (logger: Logger | undefined) => ({
  passOnStoreError: true,
  ...(logger && {
    logger: {
      error: (err: unknown, message?: string) => logger.warn({ err }, message ?? 'rate limiter failed'),
      warn: (err: unknown, message?: string) => logger.warn({ err }, message ?? 'rate limiter warning'),
    },
  }),
});

/**
 * Failed logins, counted per (account, address) pair: a guesser is stopped after 10 tries in
 * 15 minutes, yet cannot lock the owner out, who logs in from another address. Successful
 * logins do not count. With a shared store every instance counts the same failures.
 */
export const loginLimiter = ({ store, logger }: LimiterOptions = {}): RequestHandler =>
  rateLimit({
    windowMs: FIFTEEN_MINUTES,
    limit: 10,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(store && { store }),
    ...storeFailure(logger),
    keyGenerator: (req) => {
      const body: unknown = req.body;
      const email = body && typeof body === 'object' && 'email' in body && typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      return `${email}|${clientIp(req)}`;
    },
    handler: (_req, res) => {
      res.status(429).json({ message: 'Too many failed logins for this account. Wait 15 minutes and try again.' });
    },
  });

/** A generous ceiling on /api per session (per address for guests) against runaway scripts. */
export const apiLimiter = ({ perMinute = API_LIMIT_PER_MINUTE, store, logger }: LimiterOptions & { perMinute?: number } = {}): RequestHandler =>
  rateLimit({
    windowMs: 60 * 1000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(store && { store }),
    ...storeFailure(logger),
    keyGenerator: (req) => (req.session ? `session:${req.session.id}` : `ip:${clientIp(req)}`),
    handler: (_req, res) => {
      res.status(429).json({ message: 'Too many requests. Wait a minute and try again.' });
    },
  });
