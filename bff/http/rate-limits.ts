import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

const clientIp = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');

/**
 * Failed logins, counted per (account, address) pair: a guesser is stopped after 10 tries in
 * 15 minutes, yet cannot lock the owner out, who logs in from another address. Successful
 * logins do not count. The counters live in memory: each instance counts its own.
 */
export const loginLimiter = (): RequestHandler =>
  rateLimit({
    windowMs: FIFTEEN_MINUTES,
    limit: 10,
    skipSuccessfulRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
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
export const apiLimiter = (perMinute = 600): RequestHandler =>
  rateLimit({
    windowMs: 60 * 1000,
    limit: perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => (req.session ? `session:${req.session.id}` : `ip:${clientIp(req)}`),
    handler: (_req, res) => {
      res.status(429).json({ message: 'Too many requests. Wait a minute and try again.' });
    },
  });
