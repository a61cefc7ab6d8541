import type http from 'node:http';
import type { RequestHandler } from 'express';

/** POST /api/products/admin/upload, as the slow-request limits spell it (any case, a trailing slash, a query). */
const UPLOAD = /^\/api\/products\/admin\/upload\/?(\?|$)/i;

const hasBody = (req: http.IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** How long a closed upload's connection may still deliver bytes (dropped) before it is cut. */
const LINGER_MS = 2_000;

/**
 * Called first on every request (before Express rewrites req.url). An upload answered before
 * its body is all in (a refusal: no session, no anti-forgery header, a spelling refused, over a
 * limit; or the API's early answer) loses its connection once the answer is written. Node would
 * otherwise read and drop the rest of the body, for as long as the upload's time allows
 * (120 s), to keep the connection: a guest could hold connections for free.
 *
 * Such an answer says `Connection: close` (set as its head is written, over the API's
 * keep-alive a proxied answer copies), so no client sends its next request on it, and Node
 * closes it once the answer is written. Should anything still hold it open, the server's side
 * is ended after the answer and the socket destroyed when the client closes, or LINGER_MS later.
 */
export const closeUnreadUpload = (req: http.IncomingMessage, res: http.ServerResponse): void => {
  if (!UPLOAD.test(req.url ?? '') || !hasBody(req)) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!req.complete) this.setHeader('connection', 'close');
    return writeHead.apply(this, args);
  } as typeof writeHead;
  res.once('finish', () => {
    if (req.complete) return;
    const socket = req.socket;
    socket.end();
    const cut = setTimeout(() => socket.destroy(), LINGER_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
  });
};

/**
 * A guest's upload (no session cookie: only an administrator may upload) is refused with the
 * API's own 401 before a byte of its body is read, and its connection is closed after the answer.
 */
export const guestUploadRefusal: RequestHandler = (req, res, next) => {
  if (req.method !== 'POST' || req.session) return next();
  res.setHeader('connection', 'close');
  res.status(401).json({ message: 'Please log in first' });
};

/** Where `guestUploadRefusal` is mounted (Express's matching: any case, a trailing slash). */
export const UPLOAD_ROUTE = '/api/products/admin/upload';
