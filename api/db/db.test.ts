import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCrashes } from '../testing/crashes.ts';
import { createTestDb } from '../testing/test-db.ts';
import type { Db } from './types.ts';

describe('database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());

  it('when opened, then every migration has been applied', async () => {
    const { rows } = await db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((r) => r.name)).toContain('001-initial.sql');
    const { rows: tables } = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'categories', 'products', 'reviews', 'orders', 'order_events']),
    );
  });

  it('when a transaction fails, then none of its writes remain', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into categories (name) values ('Rollback')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query(`select 1 from categories where name = 'Rollback'`);
    expect(rows).toHaveLength(0);
  });

  it('when transactions run concurrently, then each sees only its own uncommitted writes and none are lost', async () => {
    await db.query(`insert into categories (name, description) values ('Counter', '0')`);
    // Each transaction reads, yields to the event loop, then writes: interleaving would lose updates.
    const bump = () =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<{ description: string }>(`select description from categories where name = 'Counter' for update`);
        await new Promise((r) => setTimeout(r, 5));
        await tx.query(`update categories set description = $1 where name = 'Counter'`, [String(Number(rows[0]!.description) + 1)]);
      });
    await Promise.all(Array.from({ length: 20 }, bump));
    const { rows } = await db.query<{ description: string }>(`select description from categories where name = 'Counter'`);
    expect(rows[0]!.description).toBe('20');
  });

  // PostgreSQL only: PGlite has no server to end a connection.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'when the server ends a connection while its transaction waits between statements, then the transaction fails with a 503, nothing escapes as an uncaught error and the next transaction runs',
    async () => {
      const { crashes, stop } = recordCrashes();
      try {
        const failed = await db
          .transaction(async (tx) => {
            const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
            await db.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
            // Idle in its transaction, as while a request awaits something else: the loss arrives as an 'error' event.
            await new Promise((r) => setTimeout(r, 200));
            await tx.query(`insert into categories (name) values ('Lost')`);
          })
          .catch((error: unknown) => error);
        expect(failed).toMatchObject({ status: 503, message: expect.stringMatching(/cannot reach its database/) });
        expect(crashes).toEqual([]);
        expect(await db.transaction((tx) => tx.query('select 1 as one')).then((r) => r.rows)).toEqual([{ one: 1 }]);
      } finally {
        stop();
      }
    },
  );
});
