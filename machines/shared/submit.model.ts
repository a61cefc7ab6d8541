import type { AnyEventObject } from 'xstate';
import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelSpec } from '../testing/model.ts';
import { submitMachine, type SubmitContext } from './submit.machine.ts';

const events: AnyEventObject[] = [
  { type: 'submit.send', values: { comment: 'Works well', rating: 4 } },
  { type: 'submit.reset' },
  { type: 'xstate.done.actor.send', output: 'review created' },
  { type: 'xstate.error.actor.send', error: { status: 409, message: 'You have already reviewed this product' } },
  { type: 'xstate.error.actor.send', error: { status: 0 } },
];

/** One send at a time; an error shows only after a refusal, with the server's sentence. */
const check: ModelSpec['check'] = (before, event, after) => {
  const { error } = after.context as SubmitContext;
  assertTrue(error === null || after.hasTag('failed'), 'an error is shown only when failed');
  if (event.type === 'submit.send' && before.hasTag('sending')) assertEqual(after.value, before.value, 'a second submit while sending is refused');
  if (event.type === 'xstate.error.actor.send') {
    const sent = (event.error as { message?: string }).message;
    assertEqual(error, sent ?? 'Something went wrong', 'the refusal is shown');
  }
};

export const submitModel = (): ModelSpec => {
  const control = createControl();
  return { name: 'submit', machine: submitMachine.provide({ actors: { send: control.promise() } }), control, events, check };
};
