import type { Request, RequestHandler } from 'express';
import type { Queryable } from '../db/index.ts';
import { isUuid } from './validate.ts';

/**
 * The catalogue's answers are the same for every guest, so browsers, nginx and the
 * BFF may keep them for CATALOGUE_MAX_AGE_SECONDS; the 60 s of `stale-while-revalidate` are for
 * browsers (nginx and the BFF never serve stale past the lifetime, so a change shows within
 * max-age + 1 s). With a token the answer is still the same bytes, but `private, no-cache`: a
 * shared cache must not keep what a logged-in request asked (the BFF says the same for a cookie).
 */
export const catalogueCacheControl = (maxAgeSeconds: number, personal: boolean): string =>
  personal ? 'private, no-cache' : `public, max-age=${maxAgeSeconds}, stale-while-revalidate=60`;

/** The version scope an answer depends on (migration 013), or null for one not worth a check. */
export type ScopeOf = (req: Request) => string | null;

export const LIST_SCOPE: ScopeOf = () => 'list';
export const CATEGORIES_SCOPE: ScopeOf = () => 'categories';
export const productScope =
  (param: string): ScopeOf =>
  (req) => {
    const id = String(req.params[param]);
    return isUuid(id) ? `product:${id.toLowerCase()}` : null;
  };

/** The strong ETag of a scope's version: `"list.42"`, `"product.0.<id>"`. A compressed body adds `-br`/`-gzip`. */
export const versionTag = (scope: string, version: string): string => {
  const [kind, id] = scope.split(':');
  return `"${kind}.${version}${id ? `.${id}` : ''}"`;
};

const CODING_SUFFIX = /-(br|gzip)"$/;

/** The tag without its content coding: the same version in another coding is the same answer. */
const baseOf = (tag: string): string => tag.trim().replace(/^W\//, '').replace(CODING_SUFFIX, '"');

/** The If-None-Match tag that names this version (in whichever coding), or null. */
export const matchingTag = (header: string | undefined, tag: string): string | null => {
  if (!header) return null;
  if (header.trim() === '*') return tag;
  return (
    header
      .split(',')
      .find((given) => baseOf(given) === tag)
      ?.trim() ?? null
  );
};

export const readVersion = async (db: Queryable, scope: string): Promise<string> => {
  const { rows } = await db.query<{ version: string }>('select version::text as version from catalogue_versions where scope = $1', [scope]);
  return rows[0]?.version ?? '0';
};

/**
 * Before the route's own queries: one read of the version. A request whose If-None-Match names
 * it is answered 304 here, and the product queries never run. Otherwise the ETag and
 * Cache-Control are set for the answer the route makes (compressJson suffixes the coding).
 * The version is read before the rows, and bumped in the writes' own transaction, so an answer
 * is never older than its tag.
 */
export const catalogueAnswer =
  (db: Queryable, maxAgeSeconds: number, scopeOf: ScopeOf): RequestHandler =>
  async (req, res, next) => {
    const scope = scopeOf(req);
    if (!scope) return next();
    const tag = versionTag(scope, await readVersion(db, scope));
    res.setHeader('cache-control', catalogueCacheControl(maxAgeSeconds, req.headers.authorization !== undefined));
    res.vary('Accept-Encoding');
    const matched = matchingTag(req.headers['if-none-match'], tag);
    if (matched) {
      res.setHeader('etag', matched);
      res.status(304).end();
      return;
    }
    res.setHeader('etag', tag);
    next();
  };
