import pg from 'pg';
import { SHOP_APPLICATION } from './running.ts';
import type { Db, Queryable } from './types.ts';

// Postgres returns bigint (count(*), sums) as strings by default; our figures fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
  async query<R>(sql: string, params: unknown[] = []) {
    const result = await client.query(sql, params);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  },
});

/** A PostgreSQL server through a connection pool, when DATABASE_URL is set. */
export const openPostgres = async (url: string, max = 10, applicationName = SHOP_APPLICATION): Promise<Db> => {
  // Named, so a restore sees that a shop still has connections open (api/db/backup/restore.ts).
  const pool = new pg.Pool({ connectionString: url, max, application_name: applicationName });
  // An idle connection the server ends (restart, failover, a forced drop) emits 'error' on
  // the pool; unhandled, that would crash the process. The pool replaces it on next use.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
};
