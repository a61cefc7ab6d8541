import { AsyncResource } from 'node:async_hooks';
import type http from 'node:http';
import type { Logger } from 'pino';

/** Where a request's line goes: `info` is shown at the default LOG_LEVEL, `debug` only when asked for. */
export type RequestLevel = 'info' | 'debug';

const under = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/**
 * Which requests make a line at the default level. Health probes never do (a balancer asks
 * every few seconds). In production every other request does (JSON for a log collector). In
 * development only API calls do, once: a call relayed by another part that logs it (the BFF)
 * stays quiet here, and static files, pages and socket.io polls are for LOG_LEVEL=debug.
 */
export const requestLevel = ({
  production,
  path,
  relayed = false,
}: {
  production: boolean;
  path: string;
  relayed?: boolean;
}): RequestLevel => {
  if (path === '/healthz' || path === '/readyz') return 'debug';
  if (production) return 'info';
  return !relayed && under(path, '/api') ? 'info' : 'debug';
};

/**
 * Logs one `request` line when the answer is finished or the client left: method, path (only
 * whether a query string came, never its values), status and time. Never headers, bodies or
 * cookies. The level is asked for at the end, once the request is known (who relayed it); a
 * level that is off costs no line. The line goes through `req.log`, which stamps the request id.
 */
export const logRequestEnd = (
  req: http.IncomingMessage & { path: string; log: Logger },
  res: http.ServerResponse,
  logger: Logger,
  level: (path: string) => RequestLevel,
): void => {
  const started = performance.now();
  // Captured now: routers mounted later rewrite req.path.
  const { method, path } = req;
  const query = req.url?.includes('?') || undefined;
  // Logged in the request's own async context (its trace, when tracing), wherever the close comes from.
  res.once(
    'close',
    AsyncResource.bind(() => {
      const at = level(path);
      if (!logger.isLevelEnabled(at)) return;
      req.log[at](
        {
          method,
          path,
          query,
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
          aborted: !res.writableFinished || undefined,
        },
        'request',
      );
    }),
  );
};
