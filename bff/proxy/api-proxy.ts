import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { Request } from 'express';
import { createProxyMiddleware, debugProxyErrorsPlugin, type Plugin, proxyEventsPlugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { takeAuthFailure } from '../http/auth-failures.ts';
import { API_AWAY_STATUS, messageFor } from '../http/error-answer.ts';
import { PERSONAL_CATALOGUE, isCatalogueCall, varyCookie } from '../http/catalogue-cache.ts';

/**
 * The paths the API answers; everything else is the BFF's (static files, SPA fallback).
 * /wallet-simulator exists on the API only when it simulates the card wallet (never in production).
 */
export const PROXIED_PREFIXES = ['/api', '/images', '/socket.io', '/wallet-simulator'] as const;

export const isProxiedPath = (pathname: string): boolean =>
  PROXIED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/** A JSON answer when the API cannot be reached, and a closed socket for websockets. */
const errorAnswer =
  (logger: Logger): Plugin =>
  (proxyServer) => {
    proxyServer.on('error', (error, req, res) => {
      const requestId = req.headers['x-request-id'];
      logger.error({ requestId, err: { message: error.message, code: (error as NodeJS.ErrnoException).code } }, 'proxy error');
      if ('writeHead' in res) {
        if (!res.headersSent) {
          res.writeHead(API_AWAY_STATUS, { 'content-type': 'application/json; charset=utf-8' });
          res.end(JSON.stringify({ message: messageFor(API_AWAY_STATUS), requestId }));
        } else {
          res.destroy();
        }
      } else {
        res.destroy();
      }
    });
  };

export type ApiProxyOptions = {
  target: string;
  logger: Logger;
  /** Set-Cookie value that deletes the session, when an API 401 shows the session is dead. */
  clearSession: (req: Request) => string;
  /** This BFF's INSTANCE_ID: proxied answers say `bff-1/<the API's X-Instance>`. */
  instanceId: string;
};

/** `bff-1/api-2`: which BFF relayed the answer and which API instance gave it. */
export const relayedInstance = (own: string, upstream: string | string[] | undefined): string | undefined =>
  typeof upstream === 'string' && upstream !== '' ? `${own}/${upstream}` : undefined;

/**
 * Streams /api, /images and /socket.io to the API over keep-alive connections. The request
 * headers (token, no cookie, request id) are already set by `forwardHeaders`; the hooks here
 * never touch the outgoing request: a header set there under load on keep-alive sockets throws
 * ERR_HTTP_HEADERS_SENT (https://github.com/chimurai/http-proxy-middleware/issues/472). `ws` stays off: the BFF calls
 * `upgrade` itself after checking the Origin, since `ws: true` would subscribe its own,
 * unchecked upgrade listener on the first request.
 */
export const apiProxy = ({ target, logger, clearSession, instanceId }: ApiProxyOptions) => {
  // http-proxy copies proxyRes.headers onto the answer after these hooks: set it there.
  const mark = (headers: http.IncomingHttpHeaders) => {
    const relayed = relayedInstance(instanceId, headers['x-instance']);
    if (relayed) headers['x-instance'] = relayed;
  };
  // An idle connection must be dropped by the BFF before the API drops it: reusing one the API is
  // closing at that instant answered 502 (ECONNRESET) under bursty load. Node's agent honours the
  // API's `Keep-Alive: timeout=N` hint (minus a second) only when it has a timeout of its own;
  // with `timeout` the idle sockets go at min(60 s, N - 1 s), 4 s against Node's default 5 s.
  // A socket in use is not cut by it (the agent destroys only free sockets on timeout).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 60_000 });
  const middleware = createProxyMiddleware({
    target,
    pathFilter: (pathname) => isProxiedPath(pathname),
    agent,
    xfwd: true,
    changeOrigin: false,
    ejectPlugins: true,
    // The defaults minus their plain-text error page, which errorAnswer replaces with JSON.
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin, errorAnswer(logger)],
    on: {
      // http-proxy ties the two websocket ends together only on a clean end or an error; a
      // destroyed browser socket (tab killed, BFF shutting down) would leave the API's end open.
      proxyReqWs: (proxyReq, _req, socket) => {
        // Emitted before http-proxy subscribes its own 'upgrade' listener, which writes the 101 from these headers.
        proxyReq.once('upgrade', (proxyRes: http.IncomingMessage, proxySocket: Duplex) => {
          mark(proxyRes.headers);
          socket.once('close', () => proxySocket.destroy());
          proxySocket.once('close', () => socket.destroy());
        });
      },
      proxyRes: (proxyRes, req, res) => {
        mark(proxyRes.headers);
        // A catalogue answer is public for guests; asked with a session it is revalidated
        // each time and never shared, and a browser does not reuse a guest's copy once logged in.
        // Images (public and immutable for everyone) keep the API's headers as they are.
        const { method = 'GET', url = '' } = req as Request;
        if (
          isCatalogueCall(method, ((req as Request).originalUrl ?? url).split('?')[0]!) &&
          /\bpublic\b/.test(proxyRes.headers['cache-control'] ?? '')
        ) {
          proxyRes.headers.vary = varyCookie(proxyRes.headers.vary);
          if ((req as Request).session) proxyRes.headers['cache-control'] = PERSONAL_CATALOGUE;
        }
        // A refused current password counts in the login limit; the browser never sees the header.
        takeAuthFailure(proxyRes, req);
        // A session the API no longer honours (logged out elsewhere, expired): forget it.
        if (proxyRes.statusCode === 401 && (req as Request).session) res.setHeader('set-cookie', clearSession(req as Request));
      },
    },
  });
  return { middleware, agent };
};
