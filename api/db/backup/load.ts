import type { Queryable } from '../types.ts';
import { ident, listTables, MIGRATION_SEEDED, type TableInfo } from './tables.ts';

/**
 * Rows a statement carries: big enough to be quick, small enough for PGlite's one message. Each
 * batch is held as lines, as one JSON text and as the message PGlite copies into its memory,
 * which grows to fit and never shrinks: 1 MB (not 4) keeps a restore under 400 MB (decision 016).
 */
const BATCH_ROWS = 500;
const BATCH_BYTES = 1024 * 1024;

/**
 * Loads a table's JSON lines (as they stream, a batch at a time) into an empty table of the same schema. Triggers are off while
 * it loads (a derived table such as product_search_terms comes from the backup as it was),
 * identity columns take the backup's values and their sequences continue after them.
 */
export const loadTable = async (tx: Queryable, table: TableInfo, lines: AsyncIterable<string>): Promise<number> => {
  const columns = table.columns.map(ident).join(', ');
  const name = ident(table.name);
  const insert = `insert into ${name} (${columns}) overriding system value
    select ${columns} from jsonb_populate_recordset(null::${name}, $1::jsonb)`;
  await tx.query(`alter table ${name} disable trigger user`);
  // The target is new: the only rows in it are those a migration wrote (MIGRATION_SEEDED).
  await tx.query(`delete from ${name}`);
  let batch: string[] = [];
  let bytes = 0;
  let rows = 0;
  const flush = async () => {
    if (!batch.length) return;
    await tx.query(insert, [`[${batch.join(',')}]`]);
    rows += batch.length;
    batch = [];
    bytes = 0;
  };
  for await (const line of lines) {
    batch.push(line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
  await tx.query(`alter table ${name} enable trigger user`);
  for (const column of table.identity) {
    await tx.query(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${ident(column)}) from ${name}), 0) + 1, false)`, [
      table.name,
      column,
    ]);
  }
  return rows;
};

/** The target's tables by name, to load a backup's files into. */
export const targetTables = async (q: Queryable): Promise<Map<string, TableInfo>> => new Map((await listTables(q)).map((t) => [t.name, t]));

/**
 * After a restore, the catalogue's versions (the ETags of decision 011) move far past the backup's: a
 * browser or cache that holds an ETag of the shop the backup came from, made after the backup
 * was taken, must never find it again on the restored shop with other content behind it.
 */
export const moveCatalogueVersionsOn = async (tx: Queryable, tables: Map<string, TableInfo>): Promise<void> => {
  if (!tables.has('catalogue_versions')) return;
  await tx.query(`select setval('catalogue_version_seq', (select coalesce(max(version), 0) from catalogue_versions) + 1000000)`);
  await tx.query(`update catalogue_versions set version = nextval('catalogue_version_seq')`);
};

/** True when any of the shop's tables holds a row (not counting what migrations write). */
export const holdsRows = async (q: Queryable): Promise<boolean> => {
  for (const table of (await listTables(q)).filter((t) => !MIGRATION_SEEDED.has(t.name))) {
    const { rows } = await q.query<{ any: boolean }>(`select exists(select 1 from ${ident(table.name)}) as any`);
    if (rows[0]?.any) return true;
  }
  return false;
};
