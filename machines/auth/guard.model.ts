import { assertEqual } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelCheck, ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { guardMachine } from './guard.machine.ts';

type Event = ModelEvent<typeof guardMachine>;

const events: Event[] = [
  { type: 'xstate.done.actor.fetchToken', output: { token: 'admin', isAdmin: true } },
  { type: 'xstate.done.actor.fetchToken', output: { token: 'not admin', isAdmin: false } },
  { type: 'xstate.error.actor.fetchToken', error: { status: 401, message: 'no token' } },
  { type: 'guard.recheck' },
  { type: 'guard.signedOut' },
];

/** Spec section 2: exactly one outcome tag, chosen by token and role. */
const check: ModelCheck<typeof guardMachine> = (_before, event, after) => {
  const { area } = after.context;
  const tags = [...after.tags];
  assertEqual(tags.length, 1, 'exactly one tag');
  if (event.type === 'xstate.done.actor.fetchToken') {
    const out = event.output;
    const expected = area === 'admin' && !out.isAdmin ? 'redirectHome' : 'render';
    assertEqual(tags, [expected], `outcome for ${JSON.stringify(out)} on a ${area} route`);
  }
  if (event.type === 'xstate.error.actor.fetchToken') assertEqual(tags, ['showLogin'], 'no token shows the login form');
  if (event.type === 'guard.signedOut')
    assertEqual(tags, ['showLogin'], 'a settled logout shows the login form, never a page waiting for a user');
};

/** The test plan's sentences (docs/machines/guard.plan.md). */
const describe: ModelPlan<typeof guardMachine> = {
  states: {
    loading: ({ context }) => `a ${context.area} page asks the BFF for the session`,
    showLogin: 'the login form is shown',
    redirectHome: 'the visitor is sent to the home page',
    render: ({ context }) => `the ${context.area} page is shown`,
  },
  events: {
    'xstate.done.actor.fetchToken': (e) => `the BFF answers with a session of ${e.output.isAdmin ? 'an admin' : 'a shopper'}`,
    'xstate.error.actor.fetchToken': (e) => `the BFF answers ${e.error.status}`,
    'guard.recheck': 'the page asks again (after a login)',
    'guard.signedOut': 'the user is logged out',
  },
};

export const guardModel = (): ModelSpec<typeof guardMachine> => {
  const control = createControl();
  return {
    name: 'guard',
    machine: guardMachine.provide({ actors: { fetchToken: control.promise() } }),
    control,
    inputs: [() => ({ area: 'user' }), () => ({ area: 'admin' })],
    events,
    check,
    describe,
  };
};
