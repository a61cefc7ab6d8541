import type { RequestHandler } from 'express';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The anti-forgery check of the BFF pattern (Duende's `X-CSRF: 1`): a custom header cannot be
 * sent cross-site without a CORS preflight the BFF never grants, so its presence proves the
 * shop's own page made the call. `Sec-Fetch-Site: cross-site` is refused outright.
 */
export const antiForgery: RequestHandler = (req, res, next) => {
  if (!STATE_CHANGING.has(req.method)) return next();
  if (req.headers['sec-fetch-site'] === 'cross-site') {
    res.status(403).json({ message: 'Requests from other sites are not accepted. Use the shop itself.' });
    return;
  }
  if (req.headers['x-csrf'] !== '1') {
    res.status(403).json({ message: 'The X-CSRF: 1 header is missing. Reload the page and try again.' });
    return;
  }
  next();
};
