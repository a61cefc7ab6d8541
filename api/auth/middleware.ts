import type { RequestHandler } from 'express';
import type { Db } from '../db/index.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { liveSessionUser } from './sessions.ts';
import { verifyToken } from './token.ts';

/**
 * Reads `Authorization: Bearer <token>` (the BFF supplies it) and, when its signature holds
 * and its session is live, sets `req.user` from the database. A bad or stale token leaves
 * the request anonymous; the guards below decide what that means.
 */
export const authenticate =
  (db: Db, secret: string): RequestHandler =>
  async (req, _res, next) => {
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const claims = await verifyToken(header.slice(7), secret);
      if (claims) req.user = (await liveSessionUser(db, claims.sid, claims._id)) ?? undefined;
    }
    next();
  };

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : unauthorized());
};

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) next(unauthorized());
  else next(req.user.isAdmin ? undefined : forbidden('Only administrators can do that'));
};
