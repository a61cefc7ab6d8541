import type http from 'node:http';
import type { RequestHandler } from 'express';

/** POST /api/products/admin/upload, as the slow-request limits spell it (any case, a trailing slash, a query). */
const UPLOAD = /^\/api\/products\/admin\/upload\/?(\?|$)/i;

const hasBody = (req: http.IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Called first on every request (before Express rewrites req.url). An upload answered before
 * its body is all in (a refusal: no session, no anti-forgery header, over a limit; or the
 * API's early answer) loses its connection once the answer is written. Node would otherwise
 * read and drop the rest of the body, for as long as the upload's time allows (120 s), to keep
 * the connection: a guest could hold connections for free.
 */
export const closeUnreadUpload = (req: http.IncomingMessage, res: http.ServerResponse): void => {
  if (!UPLOAD.test(req.url ?? '') || !hasBody(req)) return;
  res.once('finish', () => {
    if (!req.complete) req.socket.destroy();
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
