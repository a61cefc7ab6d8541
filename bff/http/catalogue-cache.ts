import http from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { pickEncoding } from '#server/accept-encoding.ts';
import { countCache } from '#server/metrics.ts';
import { inSpan, traceHeaders } from '#server/tracing.ts';
import { setProxyCredential } from '../proxy/internal-credential.ts';
import { routeTemplate } from './route-template.ts';

/**
 * The catalogue's GETs, the same for every guest (spec section 7;
 * docs/decisions/011-catalogue-caching.md). Not `/admin`.
 * `/api/products/` with a trailing slash is how the spec's own client asks the list.
 */
const CATALOGUE_PATH =
  /^\/api\/(?:categories\/?|products(?:\/bestsellers|\/get-one\/[^/]+|(?:\/category\/[^/]+)?(?:\/search\/[^/]+)?\/?)?)$/;

export const isCatalogueCall = (method: string, pathname: string): boolean =>
  (method === 'GET' || method === 'HEAD') && CATALOGUE_PATH.test(pathname) && !pathname.startsWith('/api/products/admin');

/** What a person with a session is shown is revalidated every time and never kept by a shared cache. */
export const PERSONAL_CATALOGUE = 'private, no-cache';

/** The guest's rule for pages, in the words of the API's rule for its answers. */
export const guestCacheControl = (maxAgeSeconds: number): string => `public, max-age=${maxAgeSeconds}, stale-while-revalidate=60`;

/** Vary plus Cookie: a browser's guest copy is not reused once it holds a session. */
export const varyCookie = (vary: string | undefined): string =>
  vary && /\bcookie\b/i.test(vary) ? vary : vary ? `${vary}, Cookie` : 'Cookie';

type Entry = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** When the answer stops being fresh (its max-age after it left the origin). */
  expiresAt: number;
  storedAt: number;
};

/** The headers an answer is replayed with; the rest (the instance, the date, helmet's) are this request's own. */
const KEPT = ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary', 'x-instance'] as const;

const maxAgeOf = (cacheControl: string | undefined): number | null => {
  if (!cacheControl || !/\bpublic\b/.test(cacheControl) || /\b(no-store|private|no-cache)\b/.test(cacheControl)) return null;
  const match = /\bmax-age=(\d+)/.exec(cacheControl);
  return match ? Number(match[1]) : null;
};

/** A fresh copy the cache holds for a guest's request (`keptFor`), to be sent with `send`. */
export type KeptAnswer = { readonly entry: Entry };

export type CatalogueCache = {
  /** Guest catalogue GETs, after the limits and before the proxy: a fresh copy, or one fetch shared by every waiting request. */
  answers: RequestHandler;
  /**
   * The fresh copy this request would be answered from, looked up as `answers` does (by content
   * coding and the URL as sent); undefined when there is none or the request is not a guest's
   * catalogue call that may take one (a cookie, `no-cache`). cache-hits-first.ts reads it before Express.
   */
  keptFor(req: http.IncomingMessage): KeptAnswer | undefined;
  /** Answers a kept copy (`x-statefront-cache: hit`), a 304 when the request holds its ETag. */
  send(req: http.IncomingMessage, res: http.ServerResponse, kept: KeptAnswer): void;
  /** A guest page kept under `url` (server-render.ts's renderedUrl): the kept copy while fresh, else `make()` (null: not keepable) kept for `maxAgeSeconds`. */
  page(url: string, res: Response, make: () => Promise<string | null>): Promise<string | null>;
  readonly size: number;
};

export type CatalogueCacheOptions = {
  apiUrl: string;
  agent: http.Agent;
  internalSecret: string;
  maxBytes: number;
  /** A page's lifetime (CATALOGUE_MAX_AGE_SECONDS); an answer's is the API's max-age. */
  maxAgeSeconds: number;
  instanceId: string;
  now?: () => number;
};

/**
 * The BFF's bounded cache under `npm start` (in the cluster nginx caches and this is off). It
 * keeps guest answers by URL and content coding (never a cookie: a request with a session
 * never reaches it), within `maxBytes`, least recently used first out. A copy is served only
 * while fresh, with its `Age`; an expired one is asked again with its ETag, so a 304 from the
 * API (one primary-key read) renews it. Concurrent misses of one key share one request, as
 * nginx's `proxy_cache_lock` does; nothing stale is served, so a change shows within max-age.
 */
export const catalogueCache = ({
  apiUrl,
  agent,
  internalSecret,
  maxBytes,
  maxAgeSeconds,
  instanceId,
  now = Date.now,
}: CatalogueCacheOptions): CatalogueCache => {
  // Anything but a positive number of bytes (0, or a config without it) turns the cache off.
  const bytes = maxBytes > 0 ? maxBytes : 0;
  const entries = new LRUCache<string, Entry>({
    maxSize: Math.max(bytes, 1),
    sizeCalculation: (entry, key) => entry.body.length + key.length + 512,
    // One entry may take at most an eighth: a huge answer must not push out everything else.
    maxEntrySize: Math.max(Math.floor(bytes / 8), 1),
  });
  const pending = new Map<string, Promise<Entry>>();
  const api = new URL(apiUrl);

  const fetchAnswer = (req: Request, coding: string | null, stale: Entry | undefined): Promise<Entry> =>
    new Promise((resolve, reject) => {
      // The refill's traceparent when tracing: the API's span joins the shopper's request's trace.
      const headers: http.OutgoingHttpHeaders = { accept: 'application/json', 'x-request-id': req.requestId, ...traceHeaders() };
      if (coding) headers['accept-encoding'] = coding;
      if (stale?.headers.etag) headers['if-none-match'] = stale.headers.etag;
      const upstream = { headers: {} as http.IncomingHttpHeaders } as http.IncomingMessage;
      setProxyCredential(upstream, internalSecret, req.ip ?? req.socket.remoteAddress ?? 'unknown');
      Object.assign(headers, upstream.headers);
      const call = http.get({ host: api.hostname, port: api.port, path: req.originalUrl, agent, headers, timeout: 15_000 }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const kept = Object.fromEntries(
            KEPT.flatMap((name) => (typeof answer.headers[name] === 'string' ? [[name, answer.headers[name]]] : [])),
          );
          if (kept['x-instance']) kept['x-instance'] = `${instanceId}/${kept['x-instance']}`;
          if (maxAgeOf(kept['cache-control']) !== null) kept.vary = varyCookie(kept.vary);
          const at = now();
          if (answer.statusCode === 304 && stale) {
            const maxAge = maxAgeOf(kept['cache-control'] ?? stale.headers['cache-control']) ?? 0;
            resolve({ ...stale, headers: { ...stale.headers, ...kept }, storedAt: at, expiresAt: at + maxAge * 1000 });
            return;
          }
          const maxAge = maxAgeOf(kept['cache-control']);
          resolve({
            status: answer.statusCode ?? 502,
            headers: kept,
            body: Buffer.concat(chunks),
            storedAt: at,
            expiresAt: at + (maxAge ?? 0) * 1000,
          });
        });
      });
      call.on('timeout', () => call.destroy(new Error('the API did not answer in time')));
      call.on('error', reject);
    });

  /** A call to the API for the cache, a span of the request that missed when tracing (named by the route template, never the raw path). */
  const refill = (req: Request, coding: string | null, stale: Entry | undefined): Promise<Entry> =>
    inSpan(
      'catalogue refill',
      { 'http.request.method': 'GET', 'http.route': routeTemplate('GET', req.originalUrl), 'statefront.revalidate': stale ? 1 : 0 },
      async (_end, note) => {
        const entry = await fetchAnswer(req, coding, stale);
        note({ 'http.response.status_code': entry.status }, entry.status >= 500);
        return entry;
      },
      'client',
    );

  /** One request per key at a time; the rest wait for it (proxy_cache_lock). */
  const shared = (key: string, make: () => Promise<Entry>): Promise<Entry> => {
    const waiting = pending.get(key);
    if (waiting) return waiting;
    const started = make().finally(() => pending.delete(key));
    pending.set(key, started);
    return started;
  };

  const keep = (key: string, entry: Entry) => {
    if (entry.status === 200 && entry.headers.etag && entry.expiresAt > entry.storedAt) entries.set(key, entry);
    else entries.delete(key);
  };

  // Node's own request and response, so that cache-hits-first.ts answers with it before Express.
  const send = (req: http.IncomingMessage, res: http.ServerResponse, entry: Entry, hit: boolean) => {
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader('age', String(Math.floor((now() - entry.storedAt) / 1000)));
    res.setHeader('x-statefront-cache', hit ? 'hit' : 'miss');
    countCache('bff', hit ? 'hit' : 'miss');
    const tag = entry.headers.etag;
    if (entry.status === 200 && tag && req.headers['if-none-match']?.split(',').some((given) => given.trim() === tag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.statusCode = entry.status;
    if (req.method === 'HEAD') res.setHeader('content-length', entry.body.length).end();
    else res.end(entry.body);
  };

  const keyOf = (req: http.IncomingMessage, url: string) => `${pickEncoding(req.headers['accept-encoding']) ?? 'identity'} ${url}`;
  // `no-cache` asks for the answer now (the cart's stock check): the kept copy is revalidated (a 304 is cheap).
  const wantsFresh = (req: http.IncomingMessage) => /\bno-cache\b/.test(req.headers['cache-control'] ?? '');
  const fresh = (entry: Entry | undefined) => (entry && entry.expiresAt > now() ? entry : undefined);

  const keptFor = (req: http.IncomingMessage): KeptAnswer | undefined => {
    const url = req.url ?? '';
    if (bytes === 0 || req.headers.cookie !== undefined || wantsFresh(req) || !isCatalogueCall(req.method ?? '', url.split('?')[0]!)) {
      return undefined;
    }
    const entry = fresh(entries.get(keyOf(req, url)));
    return entry && { entry };
  };

  const answers: RequestHandler = async (req, res, next) => {
    if (bytes === 0 || req.session || !isCatalogueCall(req.method, req.originalUrl.split('?')[0]!)) return next();
    const coding = pickEncoding(req.headers['accept-encoding']);
    const key = keyOf(req, req.originalUrl);
    const kept = entries.get(key);
    const hit = wantsFresh(req) ? undefined : fresh(kept);
    if (hit) return send(req, res, hit, true);
    let entry: Entry;
    try {
      entry = await shared(wantsFresh(req) ? `${key} fresh` : key, async () => {
        const answer = await refill(req, coding, kept);
        keep(key, answer);
        return answer;
      });
    } catch {
      // The proxy tells the shopper the API is unreachable, in its words.
      return next();
    }
    send(req, res, entry, false);
  };

  const page: CatalogueCache['page'] = async (url, res, make) => {
    if (bytes === 0 || !(maxAgeSeconds > 0)) return make();
    const key = `page ${url}`;
    const kept = entries.get(key);
    if (kept && kept.expiresAt > now()) {
      res.setHeader('age', String(Math.floor((now() - kept.storedAt) / 1000)));
      res.setHeader('x-statefront-cache', 'hit');
      return kept.body.toString('utf8');
    }
    const made = await shared(key, async () => {
      const html = await make();
      const at = now();
      const entry: Entry = {
        status: html === null ? 0 : 200,
        headers: {},
        body: Buffer.from(html ?? ''),
        storedAt: at,
        expiresAt: at + maxAgeSeconds * 1000,
      };
      if (html !== null) entries.set(key, entry);
      return entry;
    });
    return made.status === 200 ? made.body.toString('utf8') : null;
  };

  return {
    answers,
    keptFor,
    send: (req, res, kept) => send(req, res, kept.entry, true),
    page,
    get size() {
      return entries.calculatedSize;
    },
  };
};
