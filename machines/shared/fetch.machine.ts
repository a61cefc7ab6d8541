import { assign, setup } from 'xstate';
import { messageOf, missingPromise, statusOf, SOMETHING_WENT_WRONG } from './actors.ts';

/** `data`: the answer the page already carries (rendered by the server): the machine starts ready with it. */
export type FetchInput = { url: string | null; data?: unknown };
/** `errorStatus`: the failed answer's HTTP status, 0 when no answer came (offline, page leaving). */
export type FetchContext = { url: string | null; data: unknown; error: string | null; errorStatus: number | null };
export type FetchEvent =
  /** Show another resource (null: nothing yet). The same url again changes nothing. */
  | { type: 'fetch.url'; url: string | null }
  /** Ask again for the same url; what is shown stays until the new answer. */
  | { type: 'fetch.reload' }
  /** The server answered a change with the new value (e.g. every category after an edit). */
  | { type: 'fetch.replace'; data: unknown };

/**
 * One GET resource a screen shows: waiting (no url yet) → loading → ready | failed, or ready at
 * once when its input carries the answer (server rendering). A new url
 * or a reload re-enters loading, which stops the request in flight (its AbortSignal), so a
 * late answer never overwrites a newer one. Tags: `loading`, `ready`, `failed`.
 */
export const fetchMachine = setup({
  types: {
    input: {} as FetchInput,
    context: {} as FetchContext,
    events: {} as FetchEvent,
  },
  actors: {
    get: missingPromise<unknown, { url: string }>('get'),
  },
  actions: {
    // Another resource: what was shown belongs to the old url.
    setUrl: assign(({ event }) => (event.type === 'fetch.url' ? { url: event.url, data: undefined, error: null, errorStatus: null } : {})),
    store: assign((_, data: unknown) => ({ data, error: null, errorStatus: null })),
    clearError: assign({ error: null, errorStatus: null }),
    fail: assign((_, error: unknown) => ({
      data: undefined,
      error: messageOf(error, SOMETHING_WENT_WRONG),
      errorStatus: statusOf(error) ?? 0,
    })),
  },
  guards: {
    otherUrl: ({ context, event }) => event.type === 'fetch.url' && event.url !== context.url,
    hasUrl: ({ context }) => context.url !== null,
    hasData: ({ context }) => context.data !== undefined,
  },
}).createMachine({
  id: 'fetch',
  context: ({ input }) => ({ url: input.url, data: input.url === null ? undefined : input.data, error: null, errorStatus: null }),
  initial: 'start',
  on: {
    'fetch.url': { guard: 'otherUrl', target: '.start', actions: 'setUrl' },
    'fetch.replace': { target: '.ready', actions: { type: 'store', params: ({ event }: { event: { data: unknown } }) => event.data } },
  },
  states: {
    start: {
      // Data given with the url (the server's answer inlined in the page) is not asked for again.
      always: [{ guard: 'hasData', target: 'ready' }, { guard: 'hasUrl', target: 'loading' }, { target: 'waiting' }],
    },
    waiting: { tags: ['loading'] },
    loading: {
      tags: ['loading'],
      entry: 'clearError',
      on: { 'fetch.reload': { target: 'loading', reenter: true } },
      invoke: {
        id: 'get',
        src: 'get',
        input: ({ context }) => ({ url: context.url ?? '' }),
        onDone: { target: 'ready', actions: { type: 'store', params: ({ event }: { event: { output: unknown } }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    ready: { tags: ['ready'], on: { 'fetch.reload': 'loading' } },
    failed: { tags: ['failed'], on: { 'fetch.reload': 'loading' } },
  },
});
