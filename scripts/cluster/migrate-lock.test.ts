import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../api/db/migrate.ts';
import { openPostgres } from '../../api/db/postgres.ts';
import { freePort } from '../../tests/support/redis-server.ts';
import { preparePostgres, startPostgres, stopPostgres } from './postgres.ts';
import type { Supervised } from './supervisor.ts';
import { unsupervised } from './unsupervised.ts';
import { findTools } from './tools.ts';

// Two instances starting together on one fresh PostgreSQL (the cluster's case): a private
// server like the cluster's, or TEST_DATABASE_URL's when CI gives one.
const tools = findTools();
const pgBin = tools.ok ? tools.tools.pgBin : undefined;

describe.skipIf(!pgBin && !process.env.TEST_DATABASE_URL)('migrations on PostgreSQL under the advisory lock', () => {
  let dir: string;
  let server: Supervised | undefined;
  let url: string;
  let adminUrl: string;
  const database = `migrate_race_${randomUUID().replaceAll('-', '')}`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'statefront-migrate-'));
    // PostgreSQL's own user (when we are root) must pass through to its folders.
    await chmod(dir, 0o711);
    if (pgBin) {
      const pg = await preparePostgres({
        pgBin,
        clusterDir: dir,
        port: await freePort(),
        password: 'a-test-password-of-no-importance',
        log: () => undefined,
      });
      server = unsupervised(pg.program, () => undefined);
      await startPostgres(pg, server, () => undefined);
      url = pg.url;
    } else {
      url = process.env.TEST_DATABASE_URL!;
    }
    // A database of its own: fresh, whatever the server already holds.
    adminUrl = url;
    const admin = await openPostgres(adminUrl, 1);
    await admin.query(`create database ${database}`);
    await admin.close();
    const own = new URL(url);
    own.pathname = `/${database}`;
    url = own.toString();
  }, 120_000);

  afterAll(async () => {
    if (!server && adminUrl) {
      const admin = await openPostgres(adminUrl, 1);
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.close();
    }
    if (server) await stopPostgres(server, () => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  it('when two instances migrate one fresh database at the same moment, then both succeed and each migration is applied once', async () => {
    const files = (await readdir(new URL('../../api/db/migrations/', import.meta.url))).filter((f) => /^\d{3}-.+\.sql$/.test(f)).sort();
    const [a, b] = await Promise.all([openPostgres(url, 3), openPostgres(url, 3)]);
    try {
      const [first, second] = await Promise.all([migrate(a), migrate(b)]);
      // One did all the work; the other waited for the lock and found nothing left to do.
      expect([...first, ...second].sort()).toEqual(files);
      expect([first.length, second.length].sort()).toEqual([0, files.length]);
      const { rows } = await a.query<{ name: string; n: number }>(
        'select name, count(*)::int as n from schema_migrations group by name order by name',
      );
      expect(rows).toEqual(files.map((name) => ({ name, n: 1 })));
      // And a third run later is a no-op.
      expect(await migrate(a)).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
