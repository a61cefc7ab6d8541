import type { Request, RequestHandler } from 'express';
import { type Store, ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';
import { LIMIT_DEFAULTS } from '../config.ts';
import { storeFailure } from './rate-limits.ts';
import { countRefusal } from '#server/metrics.ts';

export const TOO_MANY_ACCOUNTS = 'Too many new accounts from your network: try again later';
export const TOO_MANY_RESET_REQUESTS = 'Too many reset links asked from your network: try again later';

/** The network an address belongs to: IPv4 as it is, IPv6 by its /64 (one household or host gets a whole /64). */
export const networkOf = (req: Request): string => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown', 64);

export type RegistrationLimitOptions = {
  perHour?: number;
  /** The 429's sentence (the same hourly count per network serves reset-link requests). */
  message?: string;
  /** false: every request counts, not only the successful ones. */
  successesOnly?: boolean;
  /** Its name among the limits' refusals (statefront_limit_refusals_total). */
  name?: string;
  /** Shared counters (Redis, when REDIS_URL is set); memory of this instance otherwise. */
  store?: Store | undefined;
  logger?: Logger;
};

/**
 * New accounts a network may make in an hour (accounts were free, 30 in 3 s, and
 * each one a fresh allowance). Only registrations that succeed count: a typo, a taken email or
 * an API that failed costs nothing. A store whose kiosks share one address raises it.
 */
export const registrationLimit = ({
  perHour = LIMIT_DEFAULTS.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
  message = TOO_MANY_ACCOUNTS,
  successesOnly = true,
  name = 'registrations',
  store,
  logger,
}: RegistrationLimitOptions = {}): RequestHandler =>
  rateLimit({
    windowMs: 60 * 60 * 1000,
    limit: perHour,
    skipFailedRequests: successesOnly,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    ...(store && { store }),
    ...storeFailure(logger),
    keyGenerator: networkOf,
    handler: (_req, res) => {
      countRefusal('bff', name);
      res.status(429).json({ message });
    },
  });
