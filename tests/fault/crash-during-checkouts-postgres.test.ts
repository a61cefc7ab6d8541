/**
 * Crash safety on PostgreSQL: a private server (never CI's shared one) and npm
 * start's API process on it are both SIGKILLed while 4 writers place orders, the server with every
 * process it started, so nothing gets to shut down. Started again, the server recovers from its
 * WAL, the API starts on it, and every order answered 201 is there, the product's stock is its
 * starting stock minus what the uncancelled new orders hold, and rebuilding the orders projection
 * changes no row. Needs PostgreSQL's server binaries (.ci/run installs Debian's); skipped without.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../api/db/postgres.ts';
import { startApiChild } from '../../scripts/api-child.ts';
import { type PostgresServer, postgresBin, startPostgresServer } from '../support/postgres-server.ts';
import { CRASH_SECRET, checkoutsUntilKilled, crashEnv, expectNothingLost } from './checkouts-until-killed.ts';

let dataDir = '';
let server: PostgresServer | undefined;
afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("a SIGKILL of PostgreSQL during checkouts (needs PostgreSQL's server binaries: apt-get install postgresql)", () => {
  it('when the PostgreSQL server and the API are killed during 4 concurrent checkout writers, then once the server has recovered from its WAL and the API runs again, every order answered 201 is there, stock agrees and the projection rebuilds to the same rows', async (ctx) => {
    const bin = postgresBin();
    if (typeof bin !== 'string') return ctx.skip(`PostgreSQL's server binaries are not installed: ${bin.missing}`);
    const pg = (server = await startPostgresServer());
    // The photos of the demo shop go here; the rows go to the server.
    dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-crash-pg-'));
    const env = crashEnv(dataDir, { DATABASE_URL: pg.url });
    const api = await startApiChild({ env, internalSecret: CRASH_SECRET });
    let crashed: Promise<void> = Promise.resolve();
    const checkouts = await checkoutsUntilKilled(api, () => {
      crashed = pg.crash();
      process.kill(api.pid, 'SIGKILL');
    });
    await crashed;
    expect((await api.exited).signal).toBe('SIGKILL');

    await pg.restart();
    // Started from a crash, not from a clean stop: what follows is what its WAL kept.
    expect(pg.log()).toContain('automatic recovery in progress');
    const again = await startApiChild({ env, internalSecret: CRASH_SECRET });
    try {
      const db = await openPostgres(pg.url, 2);
      let stock: number;
      try {
        stock = await expectNothingLost(db, checkouts);
      } finally {
        await db.close();
      }
      const shown = await fetch(`${again.url}/api/products/get-one/${checkouts.product._id}`);
      expect(((await shown.json()) as { count: number }).count).toBe(stock);
    } finally {
      await again.stop();
    }
  }, 120_000);
});
