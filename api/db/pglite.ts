import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { keepPgliteFilesPrivate } from '../private-files.ts';
import { pgliteOptions } from './pglite-settings.ts';
import type { Db, Queryable } from './types.ts';

type Raw = { query: PGlite['query'] };

const wrap = (raw: Raw): Queryable => ({
  async query<R>(sql: string, params: unknown[] = []) {
    const result = await raw.query<R>(sql, params);
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
  },
});

/**
 * The embedded default. PGlite serialises every query and transaction on its single
 * connection (its own mutex), so a transaction never interleaves with other statements.
 */
export const openPglite = async (dataDir?: string): Promise<Db> => {
  if (dataDir) keepPgliteFilesPrivate(dataDir);
  const pg = await PGlite.create(pgliteOptions(dataDir));
  return fromPglite(pg, dataDir);
};

export const fromPglite = (pg: PGlite, dataDir?: string): Db => ({
  kind: 'pglite',
  ...(dataDir ? { dataDir: path.resolve(dataDir) } : {}),
  ...wrap(pg),
  transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
  exec: async (sql) => {
    await pg.exec(sql);
  },
  close: () => pg.close(),
});
