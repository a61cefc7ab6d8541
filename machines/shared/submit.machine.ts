import { assign, emit, setup } from 'xstate';
import { messageOf, missingPromise, SOMETHING_WENT_WRONG } from './actors.ts';

/** `asked`: the values a question waits on (the row a delete asks about). */
export type SubmitContext = { error: string | null; asked: unknown };
export type SubmitEvent =
  /** Send the form's values (already checked by the form). Ignored while one is being sent. */
  | { type: 'submit.send'; values: unknown }
  /** Ask first ('Are you sure?', spec section 5): the values are sent only on `submit.confirm`. */
  | { type: 'submit.ask'; values: unknown }
  | { type: 'submit.confirm' }
  | { type: 'submit.dismiss' }
  /** The form was changed or refused by its own checks: the last outcome no longer applies. */
  | { type: 'submit.reset' };
export type SubmitEmitted = { type: 'submit.done'; output: unknown };

/**
 * One form's send: idle → sending → sent | failed, and sending again from sent or failed.
 * A destructive send asks first: `submit.ask` → asking → `submit.confirm` sends what was asked
 * about, `submit.dismiss` goes back (a refusal shown before stays). Nothing is asked while sending.
 * While sending a second submit is refused (no double product, no double review); the
 * server's refusal is the error shown. `submit.done` is emitted with the answer, so the page
 * can move on (navigate, reload) without watching states. Tags: `sending`, `sent`, `failed`, `asking`.
 */
export const submitMachine = setup({
  types: {
    context: {} as SubmitContext,
    events: {} as SubmitEvent,
    emitted: {} as SubmitEmitted,
  },
  actors: {
    send: missingPromise<unknown, unknown>('send'),
  },
  actions: {
    clearError: assign({ error: null }),
    fail: assign((_, error: unknown) => ({ error: messageOf(error, SOMETHING_WENT_WRONG) })),
    announce: emit((_, output: unknown) => ({ type: 'submit.done' as const, output })),
    remember: assign((_, asked: unknown) => ({ asked })),
  },
  guards: {
    hasError: ({ context }) => context.error !== null,
  },
}).createMachine({
  id: 'submit',
  context: { error: null, asked: null },
  initial: 'idle',
  on: {
    // From idle, sent or failed; a question open or a send running ignores another one.
    'submit.ask': {
      target: '.asking',
      actions: { type: 'remember', params: ({ event }: { event: { values?: unknown } }) => event.values },
    },
  },
  states: {
    idle: { on: { 'submit.send': 'sending' } },
    asking: {
      tags: ['asking'],
      on: {
        'submit.ask': {},
        'submit.confirm': 'sending',
        'submit.dismiss': [{ guard: 'hasError', target: 'failed' }, { target: 'idle' }],
      },
    },
    sending: {
      tags: ['sending'],
      on: { 'submit.ask': {} },
      entry: 'clearError',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context, event }: { context: SubmitContext; event: { type: string; values?: unknown } }) =>
          event.type === 'submit.confirm' ? context.asked : event.values,
        onDone: { target: 'sent', actions: { type: 'announce', params: ({ event }: { event: { output: unknown } }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    sent: { tags: ['sent'], on: { 'submit.send': 'sending', 'submit.reset': 'idle' } },
    failed: { tags: ['failed'], on: { 'submit.send': 'sending', 'submit.reset': { target: 'idle', actions: 'clearError' } } },
  },
});
