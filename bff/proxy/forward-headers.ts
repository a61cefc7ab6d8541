import type http from 'node:http';
import type { RequestHandler } from 'express';
import type { SessionCookies } from '../session/session-cookie.ts';

/**
 * Rewrites a request for the API before the proxy streams it: the browser's Cookie header
 * stays here, the session's token goes up as a Bearer token, and a token the browser made
 * up itself is dropped.
 */
export const setUpstreamAuth = (req: http.IncomingMessage, token: string | undefined): void => {
  delete req.headers.cookie;
  delete req.headers.authorization;
  if (token) req.headers.authorization = `Bearer ${token}`;
};

/** Reads the session cookie once per request (null for guests). */
export const readSession =
  (cookies: SessionCookies): RequestHandler =>
  async (req, _res, next) => {
    req.session = await cookies.read(req.headers.cookie);
    next();
  };

export const forwardHeaders: RequestHandler = (req, _res, next) => {
  setUpstreamAuth(req, req.session?.token);
  next();
};
