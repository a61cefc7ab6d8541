import type { AnyEventObject } from 'xstate';
import { assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelSpec } from '../testing/model.ts';
import type { PlanTemplates } from '../testing/plan-templates.ts';
import { kioskMachine, type KioskContext } from './kiosk.machine.ts';

const events: AnyEventObject[] = [
  { type: 'kiosk.activity' },
  { type: 'kiosk.paymentStarted' },
  { type: 'kiosk.paymentEnded' },
  { type: 'xstate.done.actor.resetSession', output: undefined },
  { type: 'xstate.error.actor.resetSession', error: { status: 0, message: 'storage blocked' } },
];

/** The test plan's sentences (docs/machines/kiosk.plan.md). */
const describe: PlanTemplates = {
  states: {
    attract: 'the kiosk shows its attract screen',
    browsing: 'a shopper is browsing',
    paying: 'a payment is in progress',
    'warning.counting': ({ context }) => `"Still there?" counts down from ${context.remaining}`,
    resetting: 'the session is being reset',
  },
  events: {
    'kiosk.activity': 'the shopper touches the screen',
    'kiosk.paymentStarted': 'a payment starts',
    'kiosk.paymentEnded': 'the payment ends',
    'xstate.after.idle': 'the idle time passes',
    'xstate.after.tick': 'a second passes',
    'xstate.done.actor.resetSession': 'the session is reset',
    'xstate.error.actor.resetSession': 'the reset fails',
  },
};

export const kioskModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'kiosk',
    machine: kioskMachine.provide({ actors: { resetSession: control.promise() } }),
    control,
    input: () => ({ idleMs: 5000, warningMs: 3000 }),
    events,
    check: (before, event, after) => {
      const ctx = after.context as KioskContext;
      if (event.type === 'kiosk.activity' && !before.hasTag('resetting') && !before.hasTag('paying')) assertTrue(after.hasTag('browsing'), 'any input returns to browsing');
      if (before.hasTag('paying') && event.type !== 'kiosk.paymentEnded') assertTrue(after.hasTag('paying'), 'timers pause during payment');
      if (after.hasTag('resetting')) assertTrue(before.hasTag('warning') && (before.context as KioskContext).remaining === 1, 'reset only after the whole countdown');
      if (after.hasTag('warning')) assertTrue(ctx.remaining >= 1 && ctx.remaining <= 3, 'countdown within the warning');
    },
    describe,
  };
};
