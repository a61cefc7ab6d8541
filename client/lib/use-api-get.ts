import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { statusOf } from '#machines/shared/actors.ts';
import { fetchMachine } from '#machines/shared/fetch.machine.ts';
import { api, errorMessage } from './api.ts';
import { devEventLog } from './event-log.ts';
import { useServerData } from './server-data.tsx';

export type ApiGetState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined; errorStatus?: undefined }
  | { status: 'error'; data?: undefined; error: string; /** 0 when no answer came. */ errorStatus: number }
  | { status: 'success'; data: T; error?: undefined; errorStatus?: undefined };

/** The fetch machine over a real GET; errors carry the sentence the client shows. */
export const fetchMachineOver = (get: (url: string, signal: AbortSignal) => Promise<unknown>) =>
  fetchMachine.provide({
    actors: {
      get: fromPromise<unknown, { url: string }>(({ input, signal }) =>
        get(input.url, signal).catch((error: unknown) => Promise.reject({ status: statusOf(error) ?? 0, message: errorMessage(error) })),
      ),
    },
  });

/** The fetch machine with the API's GET. */
export const liveFetchMachine = fetchMachineOver((url, signal) => api.get<unknown>(url, { signal }));

type Snapshot = SnapshotFrom<typeof liveFetchMachine>;

const stateOf = <T>(s: Snapshot): ApiGetState<T> =>
  s.hasTag('failed')
    ? { status: 'error', error: s.context.error ?? 'Something went wrong', errorStatus: s.context.errorStatus ?? 0 }
    : s.hasTag('ready')
      ? { status: 'success', data: s.context.data as T }
      : { status: 'loading' };

const sameState = <T>(a: ApiGetState<T>, b: ApiGetState<T>) =>
  a.status === b.status && a.data === b.data && a.error === b.error && a.errorStatus === b.errorStatus;

/**
 * One fetch actor for the calling component, told about every url change. It starts ready with
 * the answer the page carries for `url` (server rendering), so the first screen is not fetched twice.
 */
export function useFetchActor(url: string | null, logic: typeof liveFetchMachine = liveFetchMachine) {
  const data = useServerData(url);
  // No `data` key without data: the event log keeps only plain inputs, for replays.
  const actor = useActorRef(logic, {
    input: data === undefined ? { url } : { url, data },
    inspect: devEventLog?.inspect('fetch', { many: true }),
  });
  useEffect(() => {
    actor.send({ type: 'fetch.url', url });
  }, [actor, url]);
  return actor;
}

/**
 * GETs `url` while the calling component is shown (null waits), through a fetch machine: a new
 * url or leaving aborts the request in flight, so a late answer never overwrites a newer one.
 */
export function useApiGet<T>(url: string | null): ApiGetState<T> & { reload: () => void } {
  const actor = useFetchActor(url);
  const state = useSelector(actor, stateOf<T>, sameState);
  const reload = useCallback(() => actor.send({ type: 'fetch.reload' }), [actor]);
  return { ...state, reload };
}
