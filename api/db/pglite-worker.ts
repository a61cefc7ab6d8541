import path from 'node:path';
import type { ThreadCall, ThreadReply } from './pglite-thread.ts';
import { tsWorker } from './ts-worker.ts';
import type { Db, Queryable } from './types.ts';

type Call = ThreadCall extends infer C ? (C extends ThreadCall ? Omit<C, 'id'> : never) : never;

/**
 * PGlite in a worker thread (decision 007): its synchronous WASM queries run off the
 * event loop that serves HTTP. Same Db as fromPglite: PGlite still serialises every statement.
 */
export const openPgliteWorker = async (dataDir?: string): Promise<Db> => {
  const worker = tsWorker(new URL('./pglite-thread.ts', import.meta.url), { workerData: { dataDir } });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 1;
  worker.on('message', (reply: ThreadReply) => {
    const call = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.ok) call?.resolve(reply.value);
    else call?.reject(Object.assign(new Error(reply.error.message), reply.error));
  });
  let stopped: Error | undefined;
  const fail = (error: Error) => {
    stopped ??= error;
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  worker.on('error', fail);
  // After an exit no answer would ever come: every later call fails at once instead of hanging.
  worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code}).`)));
  const send = <T>(call: Call): Promise<T> =>
    new Promise((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = next++;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...call, id });
    });
  const queryable = (tx?: number): Queryable => ({
    query: <R>(sql: string, params: unknown[] = []) => send<{ rows: R[]; rowCount: number }>({ op: 'query', sql, params, tx }),
  });
  await send({ op: 'query', sql: 'select 1', params: [] });
  return {
    kind: 'pglite',
    ...(dataDir ? { dataDir: path.resolve(dataDir) } : {}),
    ...queryable(),
    async transaction(fn) {
      const tx = await send<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(queryable(tx));
      } catch (error) {
        await send({ op: 'end', tx, commit: false });
        throw error;
      }
      await send({ op: 'end', tx, commit: true });
      return result;
    },
    exec: (sql) => send({ op: 'exec', sql }),
    async close() {
      await send({ op: 'close' });
      await worker.terminate();
    },
  };
};
