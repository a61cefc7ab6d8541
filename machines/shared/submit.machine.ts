import { assign, emit, setup } from 'xstate';
import { messageOf, missingPromise } from './actors.ts';

export type SubmitContext = { error: string | null };
export type SubmitEvent =
  /** Send the form's values (already checked by the form). Ignored while one is being sent. */
  | { type: 'submit.send'; values: unknown }
  /** The form was changed or refused by its own checks: the last outcome no longer applies. */
  | { type: 'submit.reset' };
export type SubmitEmitted = { type: 'submit.done'; output: unknown };

const FAILED = 'Something went wrong';

/**
 * One form's send: idle → sending → sent | failed, and sending again from sent or failed.
 * While sending a second submit is refused (no double product, no double review); the
 * server's refusal is the error shown. `submit.done` is emitted with the answer, so the page
 * can move on (navigate, reload) without watching states. Tags: `sending`, `sent`, `failed`.
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
    fail: assign((_, error: unknown) => ({ error: messageOf(error, FAILED) })),
    announce: emit((_, output: unknown) => ({ type: 'submit.done' as const, output })),
  },
}).createMachine({
  id: 'submit',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { 'submit.send': 'sending' } },
    sending: {
      tags: ['sending'],
      entry: 'clearError',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ event }: { event: { values?: unknown } }) => event.values,
        onDone: { target: 'sent', actions: { type: 'announce', params: ({ event }: { event: { output: unknown } }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    sent: { tags: ['sent'], on: { 'submit.send': 'sending', 'submit.reset': 'idle' } },
    failed: { tags: ['failed'], on: { 'submit.send': 'sending', 'submit.reset': { target: 'idle', actions: 'clearError' } } },
  },
});
