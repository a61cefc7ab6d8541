import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ADVISORY_LOCKS } from './advisory-locks.ts';
import type { Db, Queryable } from './types.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

const SCHEMA_TABLE = `create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`;

const migrationFiles = async (): Promise<string[]> => (await readdir(migrationsDir)).filter((f) => /^\d{3}-.+\.sql$/.test(f)).sort();

/** The migrations this code knows, in order (a backup names those it was taken at). */
export const migrationNames = migrationFiles;

/** Not yet applied, in order; with `until`, only those up to that one (a restore loads an older backup's rows at its own schema). */
const pending = async (q: Queryable, until?: string): Promise<string[]> => {
  const { rows } = await q.query<{ name: string }>('select name from schema_migrations');
  const done = new Set(rows.map((r) => r.name));
  return (await migrationFiles()).filter((f) => !done.has(f) && (until === undefined || f <= until));
};

const failed = (file: string, error: unknown) => new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });

/**
 * PostgreSQL: the whole run is one transaction holding the advisory lock, so a second
 * instance starting at the same moment waits, then finds everything applied; even the
 * `create table if not exists` is under the lock (run concurrently it can fail on the
 * catalogue's unique index). A failed migration leaves none of this run's applied.
 */
const migratePostgres = (db: Db, until?: string): Promise<string[]> => db.transaction((tx) => migrateWithin(tx, until));

/** PostgreSQL's run inside a transaction the caller holds (a restore's, which must commit or roll back whole). */
export const migrateWithin = async (tx: Queryable, until?: string): Promise<string[]> => {
  await tx.query('select pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.migration]);
  await tx.query(SCHEMA_TABLE);
  const applied: string[] = [];
  for (const file of await pending(tx, until)) {
    const sql = await readFile(migrationsDir + file, 'utf8');
    // No parameters: node-postgres sends the simple protocol, which runs several statements.
    await tx.query(sql).catch((error: unknown) => {
      throw failed(file, error);
    });
    await tx.query('insert into schema_migrations (name) values ($1)', [file]);
    applied.push(file);
  }
  return applied;
};

/**
 * Applies the numbered migrations not yet applied, in order. PGlite (one process, one
 * connection) runs each in its own transaction; PostgreSQL runs them under an advisory lock.
 */
export const migrate = async (db: Db, until?: string): Promise<string[]> => {
  if (db.kind === 'postgres') return migratePostgres(db, until);
  await db.exec(SCHEMA_TABLE);
  const applied: string[] = [];
  for (const file of await pending(db, until)) {
    const sql = await readFile(migrationsDir + file, 'utf8');
    // Both drivers run a multi-statement script inside an explicit transaction block.
    try {
      await db.exec(`begin;\n${sql}\ninsert into schema_migrations (name) values ('${file}');\ncommit;`);
    } catch (error) {
      await db.exec('rollback').catch(() => undefined);
      throw failed(file, error);
    }
    applied.push(file);
  }
  return applied;
};
