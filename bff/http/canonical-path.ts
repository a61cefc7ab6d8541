import type { RequestHandler } from 'express';
import { LRUCache } from 'lru-cache';
import { API_ROUTES } from './api-routes.ts';

export type PathVerdict = { ok: true } | { ok: false; message: string; field: string };

const OK: PathVerdict = { ok: true };
const refused = (message: string, field = 'path'): PathVerdict => ({ ok: false, message, field });

/** First segments the BFF or the API route themselves; any other path is the client's (files, pages). */
const SERVER_ROOTS = new Set(['api', 'images', 'socket.io', 'wallet-simulator', 'healthz', 'readyz', 'widgets']);

/**
 * Any path: printable ASCII, without what the proxy's url.parse rewrites (`\` becomes `/`, `#`
 * ends the path) and a browser never sends raw.
 */
const ANY_PATH = /^[\x21-\x22\x24-\x5b\x5d-\x7e]*$/;
/** A server path: RFC 3986 pchars and `/`, without `;` (servers that strip `;params` would see another path). */
const SERVER_PATH = /^(?:[A-Za-z0-9\-._~!$&'()*+,=:@/]|%[0-9A-Fa-f]{2})*$/;
const ENCODED_SLASH = /%(?:2f|5c)/i;

const isDotSegment = (segment: string) => {
  const dots = segment.replace(/%2e/gi, '.');
  return dots === '.' || dots === '..';
};

/** What a lenient server would make of a word: unreserved characters decoded, lower case. */
const folded = (segment: string) =>
  segment
    .replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
      const char = String.fromCharCode(Number.parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(char) ? char : escape;
    })
    .toLowerCase();

type Template = { method: string; words: string[] };
const TEMPLATES: Template[] = API_ROUTES.map((route) => {
  const [method = '', path = ''] = route.split(' ');
  return { method, words: path.split('/') };
});

const isParam = (word: string) => word.startsWith(':');
const allows = (template: Template, method: string) =>
  method === 'OPTIONS' || template.method === method || (method === 'HEAD' && template.method === 'GET');
const fits = (template: Template, segments: string[], same: (segment: string, word: string) => boolean) =>
  template.words.every((word, i) => isParam(word) || same(segments[i]!, word));

/** The /api routes this method and segment count could mean. */
const candidates = (method: string, segments: string[]) => TEMPLATES.filter((t) => t.words.length === segments.length && allows(t, method));

/** The parameter's name when the segment is a parameter value of an /api route, else `path`. */
const fieldOf = (method: string, segments: string[], index: number) => {
  if (segments[0] !== 'api') return 'path';
  const rest = segments.slice(1);
  const route = candidates(method, rest).find((t) => fits(t, rest, (s, w) => s === w));
  const word = route?.words[index - 1];
  return word && isParam(word) ? word.slice(1) : 'path';
};

const checkApiRoute = (method: string, rest: string[]): PathVerdict => {
  const routes = candidates(method, rest);
  // A case or %-encoded spelling of a route's words: one spelling per route, whatever Express tolerates.
  if (routes.some((t) => fits(t, rest, (s, w) => folded(s) === w) && !fits(t, rest, (s, w) => s === w))) {
    return refused('The path is not spelled the way the shop spells it: use lower case and no encoded letters.');
  }
  if (routes.some((t) => fits(t, rest, (s, w) => s === w))) return OK;
  if (rest.some((s) => ENCODED_SLASH.test(s))) return refused('The path has an encoded / or \\ outside a parameter value.');
  return OK;
};

/**
 * Whether a request-target has the one spelling the shop routes on. Nothing is decoded: the raw
 * path is split on `/`, so parameter values keep their encoding. Refused: anything but a path
 * (a full URL, `//host`), empty and dot segments, characters the proxy would rewrite, and in the
 * servers' paths a `;param`, a case or encoded spelling of an /api route's words, or an encoded
 * `/` or `\` outside a parameter value. One trailing slash is kept (the spec's `/api/products/`).
 */
export const checkPath = (method: string, target: string): PathVerdict => {
  if (!target.startsWith('/')) return refused('The request must name a path starting with /, not a full address.');
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  if (path === '/') return OK;
  if (!ANY_PATH.test(path)) return refused('The path holds a character that must be percent-encoded (such as \\, # or a space).');
  const segments = path.slice(1).split('/');
  if (segments.length > 1 && segments.at(-1) === '') segments.pop();
  if (segments.includes('')) return refused('The path has an empty segment (//).');
  const dot = segments.findIndex(isDotSegment);
  if (dot !== -1) {
    const field = fieldOf(method, segments, dot);
    return refused(field === 'path' ? 'The path has a . or .. segment.' : `${field} may not be . or ..`, field);
  }

  const root = segments[0]!;
  if (/[%;]/.test(root) || (!SERVER_ROOTS.has(root) && SERVER_ROOTS.has(root.toLowerCase()))) {
    return refused('The path is not spelled the way the shop spells it: use lower case and no encoded letters.');
  }
  if (!SERVER_ROOTS.has(root)) return OK;
  if (!SERVER_PATH.test(path)) return refused('The path holds a ;parameter or a character that must be percent-encoded.');
  if (root === 'api') return checkApiRoute(method, segments.slice(1));
  return segments.some((s) => ENCODED_SLASH.test(s)) ? refused('The path has an encoded / or \\ in it.') : OK;
};

/**
 * Verdicts already given, by method and path (the query string plays no part): a sale day asks
 * the same few hundred paths over and over. Bounded, so a stream of new paths only costs each
 * one its check, as it would without this.
 */
const verdicts = new LRUCache<string, PathVerdict>({ max: 5_000 });

const pathVerdict = (method: string, target: string): PathVerdict => {
  const query = target.indexOf('?');
  const key = `${method} ${query === -1 ? target : target.slice(0, query)}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) verdicts.set(key, (verdict = checkPath(method, target)));
  return verdict;
};

/** Whether canonicalPath lets the request through (cache-hits-first.ts asks before Express). */
export const isCanonical = (method: string, target: string): boolean => pathVerdict(method, target).ok;

/**
 * First in line, before any route or the proxy: the BFF's routes, the proxy's filter and the
 * API must all see the same path, or a spelling such as /api//users/login slips past the BFF's
 * session routes and reaches the API by the proxy, which folds `//`.
 */
export const canonicalPath: RequestHandler = (req, res, next) => {
  const verdict = pathVerdict(req.method, req.originalUrl);
  if (verdict.ok) return next();
  res.status(400).json({ message: verdict.message, field: verdict.field });
};
