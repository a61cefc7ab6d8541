import { createHash, timingSafeEqual } from 'node:crypto';
import type http from 'node:http';

/** The header the balancer adds with TRUST_PROXY_SECRET (nginx's `proxy_set_header`, whatever the client sent). */
export const PROXY_SECRET_HEADER = 'x-statefront-proxy';

/** What a proxy may tell about the client: believed only on a request that proves it came through the balancer. */
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded'];

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * TRUST_PROXY names the peers whose forwarded headers count; on a machine where the balancer
 * is on loopback, so is every other local process (a script on the cluster's host
 * connected straight to a BFF's port and chose its address on every request, skipping the
 * login limit and the PIN lock). With a secret, the forwarded headers of a request without it
 * are dropped before anything reads them, so such a request is keyed on its real peer. The
 * secret itself never goes further (not to the API, not into a log).
 */
export const forwardedOnlyWith = (secret: string | undefined): ((req: http.IncomingMessage) => void) => {
  if (!secret) return () => undefined;
  const expected = digest(secret);
  return (req) => {
    const given = req.headers[PROXY_SECRET_HEADER];
    delete req.headers[PROXY_SECRET_HEADER];
    if (typeof given === 'string' && timingSafeEqual(digest(given), expected)) return;
    for (const name of FORWARDED_HEADERS) delete req.headers[name];
  };
};
