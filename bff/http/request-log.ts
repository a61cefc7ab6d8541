import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

const VALID_ID = /^[\w-]{1,64}$/;

/**
 * Gives every request an id (kept from x-request-id when well-formed), passes it on to the
 * API and logs one line when the answer is finished. Only the method, path, status and
 * duration are logged: never headers, bodies, the query string or the cookie.
 */
export const requestLog =
  (logger: Logger): RequestHandler =>
  (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    req.requestId = typeof incoming === 'string' && VALID_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = req.requestId;
    res.setHeader('x-request-id', req.requestId);
    const started = performance.now();
    // Captured now: routers mounted later rewrite req.path.
    const { method, path } = req;
    res.on('close', () => {
      logger.info(
        {
          requestId: req.requestId,
          method,
          path,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
          aborted: !res.writableFinished || undefined,
        },
        'request',
      );
    });
    next();
  };
