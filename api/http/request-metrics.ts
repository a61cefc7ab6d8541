import type { Request, RequestHandler } from 'express';
import { timeRequest } from '#server/metrics.ts';

/**
 * The route template that answered (`/api/orders/paid/:id`): the router's mount path and the
 * route's own pattern, read once the answer is done. Images are one label; a request no route
 * took (a 404, a refusal before routing) is `unmatched`, never its raw path.
 */
export const routeOf = (req: Request): string => {
  const pattern: unknown = req.route?.path;
  if (typeof pattern === 'string') return `${req.baseUrl}${pattern === '/' && req.baseUrl ? '' : pattern}`;
  return req.originalUrl.startsWith('/images/') ? '/images/*' : 'unmatched';
};

/** Times every request by its route template and status when metrics are on (server/metrics.ts). */
export const requestMetrics: RequestHandler = (req, res, next) => {
  timeRequest('api', req.method, res, () => routeOf(req));
  next();
};
