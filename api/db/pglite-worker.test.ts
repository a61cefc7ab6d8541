import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from './index.ts';
import type { Db } from './types.ts';

/** The same promises as the main-thread PGlite (db.test.ts), with the database in a worker thread. */
describe('PGlite in a worker thread', () => {
  let dir = '';
  let db: Db;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'statefront-pglite-thread-'));
    db = await openDb({ dataDir: dir, thread: true });
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('when opened, then the migrations have run there and queries answer rows with their types', async () => {
    const { rows } = await db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((r) => r.name)).toContain('001-initial.sql');
    const typed = await db.query<{ n: number; at: Date; bytes: Uint8Array }>(`select 1::int as n, now() as at, '\\x0102'::bytea as bytes`);
    expect(typed.rows[0]!.n).toBe(1);
    expect(typed.rows[0]!.at).toBeInstanceOf(Date);
    expect([...typed.rows[0]!.bytes]).toEqual([1, 2]);
    expect((await db.query(`insert into categories (name) values ('Thread A'), ('Thread B')`)).rowCount).toBe(2);
  });

  it('when opened, then it is sized for a small server as the main-thread database is (decision 014)', async () => {
    const { rows } = await db.query<{ s: string }>(`select current_setting('shared_buffers') as s`);
    expect(rows).toEqual([{ s: '16MB' }]);
  });

  it('when a statement breaks a constraint, then the error carries its PostgreSQL code', async () => {
    await expect(db.query(`insert into categories (name) values ('Thread A')`)).rejects.toMatchObject({ code: '23505' });
  });

  it('when a transaction fails, then none of its writes remain', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into categories (name) values ('Rollback')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await db.query(`select 1 from categories where name = 'Rollback'`)).rows).toHaveLength(0);
  });

  it('when transactions run concurrently with plain queries, then none are lost and each commits', async () => {
    await db.query(`insert into categories (name, description) values ('Counter', '0')`);
    const bump = () =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ description: string }>(`select description from categories where name = 'Counter' for update`);
        // Not a wait for anything: a pause mid-transaction, so interleaved transactions would lose updates.
        await new Promise((r) => setTimeout(r, 2));
        await tx.query(`update categories set description = $1 where name = 'Counter'`, [String(Number(rows[0]!.description) + 1)]);
        return rows[0]!.description;
      });
    const reads = () => db.query(`select count(*) from categories`);
    await Promise.all([...Array.from({ length: 10 }, bump), ...Array.from({ length: 10 }, reads)]);
    const { rows } = await db.query<{ description: string }>(`select description from categories where name = 'Counter'`);
    expect(rows[0]!.description).toBe('10');
  });
});
