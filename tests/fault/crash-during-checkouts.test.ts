/**
 * Crash safety of the embedded database: npm start's API process (PGlite in its
 * worker thread, on disk) is SIGKILLed while 4 writers place orders. Opened again, every order
 * that was answered 201 is there, the product's stock is its starting stock minus what the
 * uncancelled new orders hold, rebuilding the orders projection from the events changes no row,
 * and every such order's confirmation mail is queued and, after the restart, delivered.
 * On PostgreSQL, where the server is killed too: crash-during-checkouts-postgres.test.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../../api/db/index.ts';
import { startApiChild } from '../../scripts/api-child.ts';
import { startSmtpInbox } from '../../api/testing/smtp-inbox.ts';
import { expectOrderMailDelivered } from './outbox-after-crash.ts';
import { CRASH_SECRET, checkoutsUntilKilled, crashEnv, expectNothingLost } from './checkouts-until-killed.ts';

let dataDir: string;
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a SIGKILL during checkouts', () => {
  it('when the API is killed during 4 concurrent checkout writers, then every order answered 201 is there, stock agrees, the projection rebuilds to the same rows and the mail of each is delivered', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-crash-'));
    const inbox = await startSmtpInbox();
    const api = await startApiChild({ env: crashEnv(dataDir, { SMTP_URL: inbox.url }), internalSecret: CRASH_SECRET });
    const checkouts = await checkoutsUntilKilled(api, () => process.kill(api.pid, 'SIGKILL'));
    expect((await api.exited).signal).toBe('SIGKILL');

    // Opened again: the dead process's lock is stale and taken over.
    const db = await openDb({ dataDir });
    try {
      await expectNothingLost(db, checkouts);
      await expectOrderMailDelivered(db, checkouts.placed, dataDir, inbox);
    } finally {
      await db.close();
      await inbox.stop();
    }
  }, 120_000);
});
