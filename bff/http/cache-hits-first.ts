import type http from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { CatalogueCache, KeptAnswer } from './catalogue-cache.ts';
import { isCanonical } from './canonical-path.ts';
import { messageFor } from './error-answer.ts';

export type CacheHitsFirstOptions = {
  cache: CatalogueCache;
  /**
   * The handlers of the stages before 'canonical path' that every answer passes (instance,
   * request log, security headers): the same functions createBff mounts, so a hit carries the
   * same headers and log line as anything Express answers. Each sets headers and calls next.
   */
  before: RequestHandler[];
  /** Counts the request against its address's /api limit (rate-limits.ts guestCounter); false: over it. */
  countGuest: (req: http.IncomingMessage) => Promise<boolean>;
  logger: Logger;
};

/** The HTTP server's handler in front of Express: answers a kept hit, or hands the request to `express`. */
export type CacheHitsFirst = (req: http.IncomingMessage, res: http.ServerResponse, express: () => void) => void;

/**
 * On a sale day most of what reaches `npm start` is guests asking the catalogue calls
 * the BFF's cache already holds, and Express's own work per request (its request and response
 * objects, the router walking ~25 layers) cost more than the answer (bench/bff-floor.ts: 278 µs
 * of CPU a hit, against 30 for a bare server). So such a request is answered before Express,
 * and only when every stage of stages.ts would give it that same answer:
 * - a guest's: no Cookie header at all (`session`, `cache policy` and the live-session check
 *   have nothing to do; a cookie of any kind goes through Express);
 * - a GET or HEAD of a catalogue call without `Cache-Control: no-cache`, whose fresh copy the
 *   cache holds under its URL exactly as sent: a copy is kept only after the whole of stages.ts
 *   passed that URL, and `canonical path` is asked again (its verdicts are remembered);
 * - `api limits`: counted in apiLimiter's own store under its key, before the answer; a guest
 *   over the limit goes through Express, which refuses it with its Retry-After;
 * - anti-forgery, the kiosk PIN and the session routes never concern a guest's catalogue GET.
 * The stages before `canonical path` run as they are; cache-hits-first.test.ts checks a hit's
 * headers against Express's answer.
 */
export const cacheHitsFirst = ({ cache, before, countGuest, logger }: CacheHitsFirstOptions): CacheHitsFirst => {
  /** Counts the request and answers it; false when it goes through Express after all (over the limit). */
  const answer = async (req: http.IncomingMessage, res: http.ServerResponse, kept: KeptAnswer): Promise<boolean> => {
    if (!(await countGuest(req))) return false;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    // What Express's request would say of these two, for the request log.
    const request = Object.assign(req, { originalUrl: url, path: query === -1 ? url : url.slice(0, query) }) as unknown as Request;
    for (const handler of before) {
      let passed = false;
      void handler(request, res as Response, () => void (passed = true));
      if (!passed) return true;
    }
    cache.send(req, res, kept);
    return true;
  };
  return (req, res, express) => {
    // The cache's cheap checks first (method, cookie, a kept URL): most requests end there.
    const kept = cache.keptFor(req);
    if (!kept || !isCanonical(req.method ?? '', req.url ?? '')) return express();
    answer(req, res, kept).then(
      (answered) => answered || express(),
      // As the errors stage answers (Express cannot take over a request already started here).
      (err: unknown) => {
        logger.error({ err }, 'request failed');
        if (res.headersSent) return void res.destroy();
        res.statusCode = 500;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ message: messageFor(500) }));
      },
    );
  };
};
