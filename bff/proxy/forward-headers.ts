import type http from 'node:http';
import type { RequestHandler } from 'express';
import { CHAT_VISITOR_HEADER, KIOSK_INSTANCE_HEADER } from '#server/internal.ts';
import type { SessionCookies } from '../session/session-cookie.ts';
import { setProxyCredential } from './internal-credential.ts';

/**
 * Rewrites a request for the API before the proxy streams it: the browser's Cookie header
 * stays here, the session's token goes up as a Bearer token (and a chat socket's guest cookie
 * as `CHAT_VISITOR_HEADER`), a token, visitor or internal proof the browser made up itself is
 * dropped, and the shopper's address goes up signed (`proxy`).
 */
export const setUpstreamAuth = (
  req: http.IncomingMessage,
  token: string | undefined,
  credential: { secret: string; address: string },
  chatVisitor?: string,
): void => {
  delete req.headers.cookie;
  delete req.headers.authorization;
  delete req.headers[CHAT_VISITOR_HEADER];
  delete req.headers[KIOSK_INSTANCE_HEADER];
  if (token) req.headers.authorization = `Bearer ${token}`;
  if (chatVisitor) req.headers[CHAT_VISITOR_HEADER] = chatVisitor;
  setProxyCredential(req, credential.secret, credential.address);
};

/** Reads the session cookie once per request (null for guests). */
export const readSession =
  (cookies: SessionCookies): RequestHandler =>
  async (req, _res, next) => {
    // A guest (no cookie at all) goes on in the same tick: most catalogue calls are theirs.
    req.session = req.headers.cookie ? await cookies.read(req.headers.cookie) : null;
    next();
  };

/** Also vouches, on an instance with KIOSK_NAME, that the request comes from that kiosk's instance. */
export const forwardHeaders =
  (secret: string, kioskName?: string): RequestHandler =>
  (req, _res, next) => {
    setUpstreamAuth(req, req.session?.token, { secret, address: req.ip ?? req.socket.remoteAddress ?? 'unknown' }, req.chatVisitor);
    if (kioskName) req.headers[KIOSK_INSTANCE_HEADER] = encodeURIComponent(kioskName);
    next();
  };
