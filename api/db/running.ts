/**
 * "A shop runs on this PostgreSQL database": every running API instance holds a
 * shared advisory lock on a connection of its own for as long as it runs; a restore takes the
 * same key exclusively (api/db/backup/restore.ts), so it is refused while any instance runs, and
 * an instance that starts during a restore waits for it. A pool's connections come and go (an
 * idle one closes after 10 s), so they cannot say it. On the embedded database the lock file
 * (lock.ts) says the same.
 */
import type { Client } from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks.ts';

/** The application name the shop's PostgreSQL connections carry (restore.ts also looks for them). */
export const SHOP_APPLICATION = 'statefront';

const RETRY_MS = 5_000;

/**
 * Takes the shared lock on a connection of its own and keeps it: when the server ends that
 * connection (a restart), a new one takes it again, every 5 s until it succeeds. Resolves once
 * the lock is held, with the function that lets it go.
 */
export const markShopRunning = async (url: string, onError: (error: Error) => void = () => undefined): Promise<() => Promise<void>> => {
  let stopped = false;
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (!stopped) retry = setTimeout(() => void connect().catch(failed), RETRY_MS).unref();
  };
  const failed = (error: Error) => {
    onError(error);
    again();
  };
  const connect = async () => {
    // Loaded here: only a shop on PostgreSQL runs this (decision 014).
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url, application_name: SHOP_APPLICATION });
    c.on('error', onError);
    c.on('end', () => {
      if (client !== c) return;
      client = undefined;
      again();
    });
    try {
      await c.connect();
      await c.query('select pg_advisory_lock_shared($1)', [ADVISORY_LOCKS.shopRunning]);
    } catch (error) {
      await c.end().catch(() => undefined);
      throw error;
    }
    if (stopped) await c.end();
    else client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    // Let go first: the server ends a closed connection's locks a moment after the close.
    await c?.query('select pg_advisory_unlock_shared($1)', [ADVISORY_LOCKS.shopRunning]).catch(() => undefined);
    await c?.end().catch(() => undefined);
  };
};
