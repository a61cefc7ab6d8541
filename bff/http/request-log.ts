import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { logRequestEnd, requestLevel } from '#server/request-line.ts';
import { VALID_REQUEST_ID } from '#server/request-log.ts';

/**
 * Gives every request an id (kept from the balancer's x-request-id when well-formed), passes it
 * on to the API (the proxied call here, the BFF's own calls through api-client) and logs one
 * line when the answer is finished: in development only for /api calls (the API stays quiet
 * about the calls the BFF relays), in production for every request, as JSON with the id.
 * Only the method, path, status and duration are logged: never headers, bodies, the query
 * string's values or the cookie.
 */
export const requestLog =
  (logger: Logger, { production }: { production: boolean }): RequestHandler =>
  (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    req.requestId = typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = req.requestId;
    req.log = logger.child({ requestId: req.requestId });
    res.setHeader('x-request-id', req.requestId);
    logRequestEnd(req, res, logger, (path) => requestLevel({ production, path }));
    next();
  };
