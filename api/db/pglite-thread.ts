/**
 * PGlite in a worker thread (decision 007): the worker's side. Each message is one
 * call; a transaction holds PGlite's connection until the main thread commits or rolls back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { keepPgliteFilesPrivate } from '../private-files.ts';
import { pgliteOptions } from './pglite-settings.ts';

export type ThreadCall =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };
export type ThreadReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { message: string } & Record<string, string> };

const port = parentPort;
if (port) {
  const { dataDir } = workerData as { dataDir?: string };
  if (dataDir) keepPgliteFilesPrivate(dataDir);
  const pg = await PGlite.create(pgliteOptions(dataDir));
  const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }>();
  const run = async (call: ThreadCall): Promise<unknown> => {
    switch (call.op) {
      case 'query': {
        const on = call.tx === undefined ? pg : open.get(call.tx)?.tx;
        if (!on) throw new Error('transaction already ended');
        const result = await on.query(call.sql, call.params);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      case 'exec':
        await pg.exec(call.sql);
        return undefined;
      case 'begin':
        return new Promise<number>((started, failed) => {
          let end: (commit: boolean) => void = () => undefined;
          const done = pg.transaction(
            (tx) =>
              new Promise<void>((commit, rollback) => {
                end = (ok) => (ok ? commit() : rollback(new Error('rolled back')));
                open.set(call.id, { tx, end: (ok) => end(ok), done });
                started(call.id);
              }),
          );
          done.catch(failed);
        });
      case 'end': {
        const entry = open.get(call.tx);
        open.delete(call.tx);
        if (!entry) return undefined;
        entry.end(call.commit);
        // COMMIT's own failure is the caller's; ROLLBACK's 'rolled back' is what it asked for.
        await entry.done.catch((error: unknown) => {
          if (call.commit) throw error;
        });
        return undefined;
      }
      case 'close':
        await pg.close();
        return undefined;
    }
  };
  port.on('message', (call: ThreadCall) => {
    run(call).then(
      (value) => port.postMessage({ id: call.id, ok: true, value } satisfies ThreadReply),
      (error: unknown) => {
        const e = error as Record<string, unknown>;
        const fields = Object.fromEntries(
          ['code', 'detail', 'constraint', 'table', 'column'].filter((k) => typeof e[k] === 'string').map((k) => [k, e[k]]),
        );
        port.postMessage({ id: call.id, ok: false, error: { message: String(e.message ?? error), ...fields } } satisfies ThreadReply);
      },
    );
  });
}
