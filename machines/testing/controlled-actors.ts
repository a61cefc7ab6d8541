import { fromCallback, fromPromise, type AnyEventObject, type EventObject } from 'xstate';

type Pending = { resolve: (value: unknown) => void; reject: (error: unknown) => void; input: unknown };

/**
 * Test actors settled by hand. A promise actor waits until the test resolves or rejects it
 * by its invoke id; a callback actor records what the machine sends it and lets the test
 * send events back, as a socket would.
 */
export const createControl = () => {
  const pending = new Map<string, Pending>();
  const started: { id: string; input: unknown }[] = [];
  const received: { id: string; event: AnyEventObject }[] = [];
  const aborted: string[] = [];
  const senders = new Map<string, (event: AnyEventObject) => void>();

  const promise = <TOutput = unknown, TInput = unknown>() =>
    fromPromise<TOutput, TInput>(
      ({ input, self, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          started.push({ id: self.id, input });
          pending.set(self.id, { resolve: resolve as (v: unknown) => void, reject, input });
          signal.addEventListener('abort', () => {
            aborted.push(self.id);
            pending.delete(self.id);
          });
        }),
    );

  const callback = <TEvent extends EventObject = AnyEventObject, TInput = unknown>() =>
    fromCallback<TEvent, TInput>(({ input, self, sendBack, receive }) => {
      started.push({ id: self.id, input });
      senders.set(self.id, sendBack);
      receive((event) => received.push({ id: self.id, event }));
      return () => senders.delete(self.id);
    });

  const take = (id: string): Pending => {
    const p = pending.get(id);
    if (!p) throw new Error(`No pending actor "${id}" (pending: ${[...pending.keys()].join(', ') || 'none'})`);
    pending.delete(id);
    return p;
  };

  return {
    promise,
    callback,
    started,
    received,
    aborted,
    isPending: (id: string) => pending.has(id),
    inputOf: (id: string) => pending.get(id)?.input,
    resolve: async (id: string, output: unknown) => {
      take(id).resolve(output);
      await flush();
    },
    reject: async (id: string, error: unknown) => {
      take(id).reject(error);
      await flush();
    },
    /** Sends an event back to the machine from a running callback actor (e.g. a socket message). */
    emitFrom: (id: string, event: AnyEventObject) => {
      const send = senders.get(id);
      if (!send) throw new Error(`No running callback actor "${id}"`);
      send(event);
    },
    isRunning: (id: string) => senders.has(id),
  };
};

export type Control = ReturnType<typeof createControl>;

/** Lets settled promises reach the machine. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
