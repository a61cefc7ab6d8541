import type http from 'node:http';
import { AUTH_FAILURE_HEADER } from '#contracts/user.ts';

// AUTH_FAILURE_HEADER is the API's word that an answer refused a password (today: a wrong current
// password on PUT /api/users/profile). Meant for the BFF's login limit only: never shown to the browser.

const failures = new WeakSet<http.IncomingMessage>();

/**
 * Called on every proxied answer before its headers are copied: removes the header from what
 * the browser sees and remembers that this request was a failed password check.
 */
export const takeAuthFailure = (proxyRes: http.IncomingMessage, req: http.IncomingMessage): void => {
  if (proxyRes.headers[AUTH_FAILURE_HEADER] === undefined) return;
  delete proxyRes.headers[AUTH_FAILURE_HEADER];
  failures.add(req);
};

export const wasAuthFailure = (req: http.IncomingMessage): boolean => failures.has(req);
