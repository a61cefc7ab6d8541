import { inSpan, inTrace } from '#server/tracing.ts';
import type { Db, Queryable } from './types.ts';

/**
 * A statement's span names its verb; its text (parameters, never their values) is an attribute.
 * Only inside a trace: a statement of no request (the mail worker's poll every second, the chat's
 * sweep) would make a root trace of one span each time, as Redis commands outside a trace make none.
 */
const tracedQuery =
  (q: Queryable): Queryable['query'] =>
  <R>(sql: string, params?: unknown[]) =>
    !inTrace()
      ? q.query<R>(sql, params)
      : inSpan(`db ${/^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'query'}`, { 'db.system.name': 'postgresql', 'db.query.text': sql }, () =>
          q.query<R>(sql, params),
        );

/** The database with a span for each SQL statement inside a trace (asked at each statement). */
export const tracedDb = (db: Db): Db => {
  // Its own object over the original, so the kind, dataDir and close stay the database's.
  const traced = Object.create(db) as Db & { query: Db['query']; transaction: Db['transaction'] };
  traced.query = tracedQuery(db);
  traced.transaction = (fn) => db.transaction((tx) => fn({ query: tracedQuery(tx) }));
  return traced;
};
