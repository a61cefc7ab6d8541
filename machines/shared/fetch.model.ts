import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelCheck, ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { fetchMachine } from './fetch.machine.ts';

type Event = ModelEvent<typeof fetchMachine>;

const events: Event[] = [
  { type: 'fetch.url', url: '/api/products/get-one/p1' },
  { type: 'fetch.url', url: '/api/products/get-one/p2' },
  { type: 'fetch.url', url: null },
  { type: 'fetch.reload' },
  { type: 'fetch.replace', data: ['replaced'] },
  { type: 'xstate.done.actor.get', output: ['answer'] },
  { type: 'xstate.error.actor.get', error: { status: 500, message: 'down' } },
];

/** What a screen may show: data only when ready or reloading, an error only when failed. */
const check: ModelCheck<typeof fetchMachine> = (before, event, after) => {
  const prev = before.context;
  const next = after.context;
  assertTrue(next.error === null || after.hasTag('failed'), 'an error is shown only when failed');
  if (after.hasTag('failed')) assertEqual(next.data, undefined, 'a failure shows no stale data');
  if (event.type === 'fetch.url' && event.url !== prev.url) assertEqual(next.data, undefined, 'another url drops the old data');
  if (event.type === 'fetch.url' && event.url === prev.url) assertEqual(after.value, before.value, 'the same url again changes nothing');
  if (event.type === 'fetch.reload' && before.hasTag('ready')) assertEqual(next.data, prev.data, 'a reload keeps what is shown');
};

/** The test plan's sentences (docs/machines/fetch.plan.md). */
const describe: ModelPlan<typeof fetchMachine> = {
  states: {
    start: '',
    waiting: 'the screen waits for something to load',
    loading: ({ context }) => `${context.url} is loading`,
    ready: ({ context }) => `the screen shows "${[context.data].flat().join(', ')}"`,
    failed: ({ context }) => `the screen shows "${context.error}"`,
  },
  events: {
    'fetch.url': (e) => (e.url ? `the screen asks for ${e.url}` : 'the screen asks for nothing'),
    'fetch.reload': 'the screen reloads',
    'fetch.replace': 'the screen replaces what it shows after a change of its own',
    'xstate.done.actor.get': 'the server answers',
    'xstate.error.actor.get': (e) => `the server answers ${e.error.status} "${e.error.message}"`,
  },
};

export const fetchModel = (): ModelSpec<typeof fetchMachine> => {
  const control = createControl();
  return {
    name: 'fetch',
    machine: fetchMachine.provide({ actors: { get: control.promise() } }),
    control,
    inputs: [
      () => ({ url: null }),
      () => ({ url: '/api/products/get-one/p1' }),
      () => ({ url: '/api/products/get-one/p1', data: ['inlined'] }),
    ],
    events,
    check,
    describe,
  };
};
