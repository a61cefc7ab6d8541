import type { AnyEventObject } from 'xstate';
import { assertEqual } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelSpec } from '../testing/model.ts';
import type { PlanTemplates } from '../testing/plan-templates.ts';
import { guardMachine } from './guard.machine.ts';

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.fetchToken', output: { token: 't', isAdmin: true } },
  { type: 'xstate.done.actor.fetchToken', output: { token: 't', isAdmin: false } },
  { type: 'xstate.done.actor.fetchToken', output: { token: '', isAdmin: false } },
  { type: 'xstate.error.actor.fetchToken', error: { status: 401, message: 'no token' } },
  { type: 'guard.recheck' },
  { type: 'guard.signedOut' },
];

/** Spec section 2: exactly one outcome tag, chosen by token and role. */
const check: ModelSpec['check'] = (_before, event, after) => {
  const { area } = after.context as { area: 'user' | 'admin' };
  const tags = [...after.tags];
  assertEqual(tags.length, 1, 'exactly one tag');
  if (event.type === 'xstate.done.actor.fetchToken') {
    const out = event.output as { token: string; isAdmin: boolean };
    const expected = !out.token ? 'showLogin' : area === 'admin' && !out.isAdmin ? 'redirectHome' : 'render';
    assertEqual(tags, [expected], `outcome for ${JSON.stringify(out)} on a ${area} route`);
  }
  if (event.type === 'xstate.error.actor.fetchToken') assertEqual(tags, ['showLogin'], 'no token shows the login form');
  if (event.type === 'guard.signedOut')
    assertEqual(tags, ['showLogin'], 'a settled logout shows the login form, never a page waiting for a user');
};

/** The test plan's sentences (docs/machines/guard.plan.md). */
const describe: PlanTemplates = {
  states: {
    loading: ({ context }) => `a ${context.area} page asks the BFF for the session`,
    showLogin: 'the login form is shown',
    redirectHome: 'the visitor is sent to the home page',
    render: ({ context }) => `the ${context.area} page is shown`,
  },
  events: {
    'xstate.done.actor.fetchToken': (e) =>
      e.output.token
        ? `the BFF answers with a session of ${e.output.isAdmin ? 'an admin' : 'a shopper'}`
        : 'the BFF answers with no session',
    'xstate.error.actor.fetchToken': (e) => `the BFF answers ${e.error.status}`,
    'guard.recheck': 'the page asks again (after a login)',
    'guard.signedOut': 'the user is logged out',
  },
};

export const guardModel = (): ModelSpec => {
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
