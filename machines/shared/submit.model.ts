import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl, type Control } from '../testing/controlled-actors.ts';
import type { ModelCheck, ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { submitMachine } from './submit.machine.ts';

type Event = ModelEvent<typeof submitMachine>;

const events: Event[] = [
  { type: 'submit.send', values: { comment: 'Works well', rating: 4 } },
  { type: 'submit.reset' },
  { type: 'submit.ask', values: { id: 'row-1' } },
  { type: 'submit.confirm' },
  { type: 'submit.dismiss' },
  { type: 'xstate.done.actor.send', output: 'review created' },
  { type: 'xstate.error.actor.send', error: { status: 409, message: 'You have already reviewed this product' } },
  { type: 'xstate.error.actor.send', error: { status: 0 } },
];

/** One send at a time; an error shows only after a refusal, with the server's sentence; a question gates its send. */
const checkWith =
  (control: Control): ModelCheck<typeof submitMachine> =>
  (before, event, after) => {
    const { error } = after.context;
    // Behind an open question the refusal shown before stays on the page.
    assertTrue(error === null || after.hasTag('failed') || after.hasTag('asking'), 'an error is shown only when failed');
    if (event.type === 'submit.confirm')
      assertEqual(control.inputOf('send'), before.context.asked, 'a confirmed question sends what it asked about');
    if (event.type === 'submit.dismiss')
      assertEqual([after.hasTag('sending'), after.hasTag('failed')], [false, error !== null], 'a dismissed question sends nothing');
    if (event.type === 'submit.ask' && (before.hasTag('sending') || before.hasTag('asking')))
      assertEqual(after.value, before.value, 'no second question while one is open or a send runs');
    if (event.type === 'submit.send' && before.hasTag('sending'))
      assertEqual(after.value, before.value, 'a second submit while sending is refused');
    if (event.type === 'xstate.error.actor.send') {
      const sent = event.error.message;
      assertEqual(error, sent ?? 'Something went wrong', 'the refusal is shown');
    }
  };

/** The row a delete asks about: the machine takes any values, the sample's are `{ id }`. */
const rowOf = (values: unknown) => (typeof values === 'object' && values !== null && 'id' in values ? String(values.id) : '?');

/** The test plan's sentences (docs/machines/submit.plan.md). */
const describe: ModelPlan<typeof submitMachine> = {
  states: {
    idle: 'the form can be sent',
    sending: 'the form is being sent and a second submit is refused',
    sent: 'the form was accepted',
    failed: ({ context }) => `the form shows "${context.error}"`,
    asking: 'Are you sure? is asked',
  },
  events: {
    'submit.send': 'the user submits the form',
    'submit.reset': 'the user changes the form',
    'submit.ask': (e) => `the user asks to delete ${rowOf(e.values)}`,
    'submit.confirm': 'the user answers Yes',
    'submit.dismiss': 'the user answers Cancel',
    'xstate.done.actor.send': (e) => `the server answers "${e.output}"`,
    'xstate.error.actor.send': (e) => (e.error.message ? `the server refuses: "${e.error.message}"` : 'the request gets no answer'),
  },
};

export const submitModel = (): ModelSpec<typeof submitMachine> => {
  const control = createControl();
  return {
    name: 'submit',
    machine: submitMachine.provide({ actors: { send: control.promise() } }),
    control,
    events,
    check: checkWith(control),
    describe,
  };
};
