import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Applies the numbered migrations not yet applied, each in its own transaction, in order. */
export const migrate = async (db: Db): Promise<string[]> => {
  await db.exec(`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`);
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{3}-.+\.sql$/.test(f)).sort();
  const { rows } = await db.query<{ name: string }>('select name from schema_migrations');
  const done = new Set(rows.map((r) => r.name));
  const applied: string[] = [];
  for (const file of files.filter((f) => !done.has(f))) {
    const sql = await readFile(migrationsDir + file, 'utf8');
    // Both drivers run a multi-statement script inside an explicit transaction block.
    try {
      await db.exec(`begin;\n${sql}\ninsert into schema_migrations (name) values ('${file}');\ncommit;`);
    } catch (error) {
      await db.exec('rollback').catch(() => undefined);
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(file);
  }
  return applied;
};
