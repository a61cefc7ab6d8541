import type { Pool, PoolClient } from 'pg';
import { AppError } from '../http/errors.ts';
import { SHOP_APPLICATION } from './running.ts';
import type { Db, Queryable } from './types.ts';

/** pg, loaded by the first pool: a shop on the embedded database never loads it (decision 014). */
const loadPg = async () => {
  const { default: pg } = await import('pg');
  // Postgres returns bigint (count(*), sums) as strings by default; our figures fit in a double.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
  return pg;
};

/** What the shopper is told when the database went away under their request: nothing of theirs was kept half-done. */
export const DATABASE_UNREACHABLE = 'The shop cannot reach its database right now. Please try again in a moment.';

/** Node's codes for a connection that could not be made or broke. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * Whether `error` says the connection is gone rather than that the statement was wrong: the
 * server ended it (class 57P: an administrator's pg_terminate_backend, a shutdown, a crash),
 * a connection exception (class 08), the socket broke, or pg's own words for a lost connection.
 */
export const isConnectionLoss = (error: unknown): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (/^(57P0[1-3]|08...)$/.test(code) || NETWORK_CODES.has(code))) return true;
  return typeof message === 'string' && /^Connection terminated|not queryable|Client was closed/i.test(message);
};

/** A lost connection becomes a 503 the caller can act on; any other error is left as it is. */
const answerable = (error: unknown): unknown =>
  isConnectionLoss(error) ? new AppError(503, DATABASE_UNREACHABLE, undefined, { cause: error }) : error;

const wrap = (client: Pool | PoolClient): Queryable => ({
  async query<R>(sql: string, params: unknown[] = []) {
    const result = await client.query(sql, params);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  },
});

/** The pool's own statements: a lost connection answers 503 (a transaction's statements are translated once, by it). */
const answering = (queryable: Queryable): Queryable => ({
  async query<R>(sql: string, params?: unknown[]) {
    try {
      return await queryable.query<R>(sql, params);
    } catch (error) {
      throw answerable(error);
    }
  },
});

/** A PostgreSQL server through a connection pool, when DATABASE_URL is set. */
export const openPostgres = async (url: string, max = 10, applicationName = SHOP_APPLICATION): Promise<Db> => {
  const pg = await loadPg();
  // Named, so a restore sees that a shop still has connections open (api/db/backup/restore.ts).
  const pool = new pg.Pool({ connectionString: url, max, application_name: applicationName });
  // An idle connection the server ends (restart, failover, a forced drop) emits 'error' on
  // the pool; unhandled, that would crash the process. The pool replaces it on next use.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...answering(wrap(pool)),
    async transaction(fn) {
      const client = await pool.connect().catch((error: unknown) => Promise.reject(answerable(error)));
      // Checked out, the connection is ours to watch: the pool listens only to idle ones, and an
      // 'error' nobody listens to (the server ending it between two statements) ends the process.
      // The statement in flight, or the next one, fails with the loss, and ends this request.
      let lost: Error | undefined;
      const onError = (error: Error) => (lost ??= error);
      client.on('error', onError);
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        if (!lost && isConnectionLoss(error)) lost = error as Error;
        if (!lost) await client.query('rollback').catch((rollback: Error) => void (isConnectionLoss(rollback) && (lost = rollback)));
        throw answerable(lost ?? error);
      } finally {
        client.off('error', onError);
        // A broken connection is destroyed, not returned: the pool opens a new one for the next request.
        client.release(lost);
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
};
