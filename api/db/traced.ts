import { inSpan, tracing } from '#server/tracing.ts';
import type { Db, Queryable } from './types.ts';

/** A statement's span names its verb; its text (parameters, never their values) is an attribute. */
const tracedQuery =
  (q: Queryable): Queryable['query'] =>
  <R>(sql: string, params?: unknown[]) =>
    !tracing()
      ? q.query<R>(sql, params)
      : inSpan(`db ${/^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'query'}`, { 'db.system.name': 'postgresql', 'db.query.text': sql }, () =>
          q.query<R>(sql, params),
        );

/** The database with a span for each SQL statement while tracing (asked at each statement). */
export const tracedDb = (db: Db): Db => {
  // Its own object over the original, so the kind, dataDir and close stay the database's.
  const traced = Object.create(db) as Db & { query: Db['query']; transaction: Db['transaction'] };
  traced.query = tracedQuery(db);
  traced.transaction = (fn) => db.transaction((tx) => fn({ query: tracedQuery(tx) }));
  return traced;
};
