import type http from 'node:http';
import type { RequestHandler } from 'express';
import { MACHINE_COUNTS_URL } from '#contracts/machine-count-rules.ts';

const OTHER_SITES = 'Requests from other sites are not accepted. Use the shop itself.';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The anti-forgery check of the BFF pattern (Duende's `X-CSRF: 1`): a custom header cannot be
 * sent cross-site without a CORS preflight the BFF never grants, so its presence proves the
 * shop's own page made the call. `Sec-Fetch-Site: cross-site` is refused outright.
 */
export const antiForgery: RequestHandler = (req, res, next) => {
  if (!STATE_CHANGING.has(req.method)) return next();
  if (req.headers['sec-fetch-site'] === 'cross-site') {
    res.status(403).json({ message: OTHER_SITES });
    return;
  }
  if (req.headers['x-csrf'] !== '1') {
    res.status(403).json({ message: 'The X-CSRF: 1 header is missing. Reload the page and try again.' });
    return;
  }
  next();
};

/**
 * Whether a request the page could not give X-CSRF (a `navigator.sendBeacon`) comes from the
 * shop's own page. `Sec-Fetch-Site`, which no page can set, decides where the browser sends it
 * (Chromium 76+, Firefox 90+, Safari 16.4+, to HTTPS and localhost): only `same-origin`. Where it
 * is absent (plain HTTP to another host), the `Origin` a browser puts on every POST must be the
 * shop's own. Neither (an old browser, a script): refused. docs/decisions/031-beacon-counts.md.
 */
export const fromOwnPage = (req: http.IncomingMessage, ownOrigin: string): boolean => {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  return req.headers.origin === ownOrigin;
};

/**
 * /api's check: antiForgery, except that the page's counts may also come as a beacon (no
 * X-CSRF, a text/plain body) from the shop's own page. Their text/plain body goes on to the
 * API labelled as the JSON it is; nowhere else is text/plain read as JSON.
 */
export const apiAntiForgery =
  (ownOrigin: (req: http.IncomingMessage) => string): RequestHandler =>
  (req, res, next) => {
    const beacon = req.method === 'POST' && req.originalUrl.split('?')[0] === MACHINE_COUNTS_URL && req.headers['x-csrf'] !== '1';
    if (!beacon) return antiForgery(req, res, next);
    if (!fromOwnPage(req, ownOrigin(req))) return void res.status(403).json({ message: OTHER_SITES });
    if (/^text\/plain\b/i.test(req.headers['content-type'] ?? '')) req.headers['content-type'] = 'application/json';
    next();
  };
