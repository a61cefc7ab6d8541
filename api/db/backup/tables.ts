import type { Queryable } from '../types.ts';

export type TableInfo = {
  name: string;
  /** Columns a restore writes (generated columns are computed again). */
  columns: string[];
  primaryKey: string[];
  identity: string[];
  references: string[];
};

/** Not the shop's data: the migrations' own record, and signatures used once (good for a minute). */
const SKIPPED = new Set(['schema_migrations', 'used_signatures']);

/**
 * Tables a migration itself fills (migration 013's `list` and `categories` versions): rows in
 * them do not make a database "hold a shop", and a restore replaces them with the backup's.
 */
export const MIGRATION_SEEDED = new Set(['catalogue_versions']);

/**
 * The shop's tables in the current schema, each after the tables it references, so rows load
 * without breaking a foreign key. Read from the catalogue, so a new migration's table is backed
 * up without a change here.
 */
export const listTables = async (q: Queryable): Promise<TableInfo[]> => {
  const { rows } = await q.query<{
    name: string;
    columns: string[];
    pk: string[] | null;
    identity: string[] | null;
    refs: string[] | null;
  }>(
    `select c.relname as name,
       array(select a.attname::text from pg_attribute a
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
             order by a.attnum) as columns,
       array(select a.attname::text from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
             where i.indrelid = c.oid and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)) as pk,
       array(select a.attname::text from pg_attribute a where a.attrelid = c.oid and a.attidentity <> '' and not a.attisdropped) as identity,
       array(select distinct f.relname::text from pg_constraint k join pg_class f on f.oid = k.confrelid
             where k.conrelid = c.oid and k.contype = 'f' and k.confrelid <> c.oid) as refs
     from pg_class c
     where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
     order by c.relname`,
  );
  const all = rows
    .filter((r) => !SKIPPED.has(r.name))
    .map((r) => ({ name: r.name, columns: r.columns, primaryKey: r.pk ?? [], identity: r.identity ?? [], references: r.refs ?? [] }));
  const byName = new Map(all.map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const place = (table: TableInfo, path: string[]) => {
    if (placed.has(table.name)) return;
    if (path.includes(table.name)) throw new Error(`The tables reference each other in a cycle: ${[...path, table.name].join(' → ')}`);
    for (const ref of table.references) {
      const target = byName.get(ref);
      if (target) place(target, [...path, table.name]);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of all) place(table, []);
  return ordered;
};

/** A quoted identifier (names come from the catalogue, quoted all the same). */
export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
