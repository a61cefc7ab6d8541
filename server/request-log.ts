import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { logRequestEnd, requestLevel } from './request-line.ts';

/** What a balancer or the BFF may pass as X-Request-Id; anything else gets a fresh id. */
export const VALID_REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * Gives each request its id (the BFF's, which keeps the balancer's), a child logger `req.log`
 * that stamps it on every line logged about the request, and one line when it is answered.
 * Runs after nothing, so even a refused request has both.
 */
export const apiRequestLog =
  (logger: Logger, { production }: { production: boolean }): RequestHandler =>
  (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    req.requestId = typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.log = logger.child({ requestId: req.requestId });
    res.setHeader('x-request-id', req.requestId);
    // `bffPurpose` is set by identifyCaller, after this: asked for once the answer is done.
    logRequestEnd(req, res, logger, (path) => requestLevel({ production, path, relayed: req.bffPurpose !== undefined }));
    next();
  };
