import { timeQuery } from '#server/metrics.ts';
import type { Db, Queryable } from './types.ts';

const timed = (q: Queryable): Queryable => ({ query: (sql, params) => timeQuery(() => q.query(sql, params)) });

/** The database with every statement timed (statefront_db_query_duration_seconds), inside transactions too. */
export const timedDb = (db: Db): Db => ({
  get kind() {
    return db.kind;
  },
  get dataDir() {
    return db.dataDir;
  },
  query: (sql, params) => timeQuery(() => db.query(sql, params)),
  transaction: (fn) => db.transaction((tx) => fn(timed(tx))),
  exec: (sql) => db.exec(sql),
  close: () => db.close(),
});
