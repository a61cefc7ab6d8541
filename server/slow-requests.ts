import type http from 'node:http';
import { z } from 'zod';

/**
 * How long a client may take to send a request (a body sent one byte every 5 s held
 * a connection for minutes). The same on the BFF and the API; nginx's own limits in the
 * cluster take the header one (scripts/cluster/nginx-config.ts).
 */
export const SLOW_REQUEST_DEFAULTS = {
  /** From the connection (or the previous request on it) to the request's last header line. */
  HEADERS_TIMEOUT_SECONDS: 10,
  /** The whole request, headers and body, of anything but an image upload. */
  JSON_BODY_TIMEOUT_SECONDS: 30,
  /** The whole request of POST /api/products/admin/upload (up to LIMITS.maxImagesPerUpload images). */
  UPLOAD_BODY_TIMEOUT_SECONDS: 120,
} as const;

const SECONDS_FORM = 'must be a number of seconds above 0 and at most 3600, like 10 or 0.5';
const seconds = (fallback: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: SECONDS_FORM }).positive(SECONDS_FORM).max(3600, SECONDS_FORM).default(fallback),
  );

/** The settings, for the API's and the BFF's environment schemas. */
export const SlowRequestEnv = {
  HEADERS_TIMEOUT_SECONDS: seconds(SLOW_REQUEST_DEFAULTS.HEADERS_TIMEOUT_SECONDS),
  JSON_BODY_TIMEOUT_SECONDS: seconds(SLOW_REQUEST_DEFAULTS.JSON_BODY_TIMEOUT_SECONDS),
  UPLOAD_BODY_TIMEOUT_SECONDS: seconds(SLOW_REQUEST_DEFAULTS.UPLOAD_BODY_TIMEOUT_SECONDS),
};

export type SlowRequestLimits = { [K in keyof typeof SLOW_REQUEST_DEFAULTS]: number };

export const TOO_SLOW = 'The request took too long to arrive: send it again';

const ms = (value: number) => Math.max(1, Math.round(value * 1000));

/** The one route whose body may take the upload's time: every other body has the JSON one. */
const UPLOAD = /^\/api\/products\/admin\/upload\/?(\?|$)/i;

const hasBody = (req: http.IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * `http.createServer` options: node answers 408 and closes a connection whose headers are late,
 * or whose request (any, so the upload's time) is not in within the upload's time. It checks
 * every `connectionsCheckingInterval`, a fraction of the header limit, so the limits hold
 * within that much.
 */
export const serverTimeouts = (limits: SlowRequestLimits): http.ServerOptions => {
  const request = ms(Math.max(limits.JSON_BODY_TIMEOUT_SECONDS, limits.UPLOAD_BODY_TIMEOUT_SECONDS));
  const headers = Math.min(ms(limits.HEADERS_TIMEOUT_SECONDS), request);
  return { headersTimeout: headers, requestTimeout: request, connectionsCheckingInterval: Math.min(1_000, Math.max(20, headers / 4)) };
};

/**
 * Called first on every request (before Express rewrites req.url): a body (but an upload's) not in within the JSON time gets 408, or when
 * the route has answered already, just its connection closed (node's own limit is the upload's).
 */
export const bodyDeadline = (limits: SlowRequestLimits) => {
  const json = ms(limits.JSON_BODY_TIMEOUT_SECONDS);
  const upload = ms(limits.UPLOAD_BODY_TIMEOUT_SECONDS);
  const nodes = ms(Math.max(limits.JSON_BODY_TIMEOUT_SECONDS, limits.UPLOAD_BODY_TIMEOUT_SECONDS));
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const limit = UPLOAD.test(req.url ?? '') ? upload : json;
    if (!hasBody(req) || limit >= nodes) return;
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (!res.headersSent) {
        res.writeHead(408, { 'content-type': 'application/json', connection: 'close' });
        res.end(JSON.stringify({ message: TOO_SLOW }), () => req.socket.destroy());
      } else req.socket.destroy();
      // A write that never drains must not keep it open either.
      setTimeout(() => req.socket.destroy(), 1_000).unref();
    }, limit);
    timer.unref();
    // Otherwise it runs out: on a connection gone already, destroying it again changes nothing.
    req.once('end', () => clearTimeout(timer));
  };
};
