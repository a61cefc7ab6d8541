import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelCheck, ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { pinPadMachine, type PinPadContext } from './pin-pad.machine.ts';

type Event = ModelEvent<typeof pinPadMachine>;

const events: Event[] = [
  { type: 'pin.press' },
  { type: 'pin.release' },
  { type: 'pin.digit', digit: '7' },
  { type: 'pin.erase' },
  { type: 'pin.submit' },
  { type: 'pin.cancel' },
  { type: 'xstate.done.actor.status', output: { pinSet: true } },
  { type: 'xstate.done.actor.status', output: { pinSet: false } },
  { type: 'xstate.error.actor.status', error: { status: 0, message: 'The shop could not be reached.' } },
  { type: 'xstate.done.actor.check', output: { left: true } },
  { type: 'xstate.error.actor.check', error: { status: 403, message: 'Wrong PIN. 4 tries left.', field: 'pin' } },
  { type: 'xstate.error.actor.check', error: { status: 429, message: 'Too many wrong PINs. Try again in 2 minutes.', retryAfter: 90 } },
  { type: 'xstate.error.actor.check', error: { status: 404, message: 'This kiosk cannot be left from the screen.' } },
];

/** The pad's rules: a PIN goes out only with 4 digits or more, a lock ignores the keys, nothing typed outlives the pad. */
const check: ModelCheck<typeof pinPadMachine> = (before, event, after) => {
  if (after.hasTag('checking') && !before.hasTag('checking'))
    assertTrue(before.context.pin.length >= 4, 'a PIN is checked only with 4 digits or more');
  if (before.hasTag('locked') && event.type.startsWith('pin.') && event.type !== 'pin.cancel')
    assertEqual(after.value, before.value, 'a locked pad ignores its keys');
  if (!after.hasTag('dialog')) assertEqual(after.context.pin, '', 'no digits are kept once the pad is closed');
  if (after.hasTag('locked'))
    assertTrue(after.context.message?.startsWith('Too many wrong PINs. Try again in') ?? false, 'a lock says when it ends');
  if (before.hasTag('closed')) assertTrue(!after.hasTag('dialog'), 'only a held press opens the pad');
};

/** The test plan's sentences (docs/machines/pin-pad.plan.md). */
const describe: ModelPlan<typeof pinPadMachine> = {
  states: {
    closed: 'the kiosk shows its logo and no PIN pad',
    pressing: 'the logo is being held',
    opening: 'the PIN pad asks whether a PIN is set',
    unavailable: 'the pad says "This kiosk cannot be left from the screen"',
    'open.entering': ({ context }) => `the PIN pad shows ${context.pin.length} dots`,
    'open.checking': 'the PIN is being checked',
    'open.wrong': ({ context }) => `the pad says "${context.message}" and shows no dots`,
    'open.locked': ({ context }) => `the pad says "${context.message}" and its keys do nothing`,
  },
  events: {
    'pin.press': 'the operator presses the logo',
    'pin.release': 'the operator lets go',
    'pin.digit': (e) => `the operator taps ${String(e.digit)}`,
    'pin.erase': 'the operator taps Delete',
    'pin.submit': 'the operator taps OK',
    'pin.cancel': 'the operator taps Cancel',
    'xstate.after.hold': 'five seconds pass',
    'xstate.after.lockTick': 'a minute (or what is left of the lock) passes',
    'xstate.after.padIdle': 'thirty seconds pass without a key',
    'xstate.done.actor.status': (e) => (e.output.pinSet ? 'the server says a PIN is set' : 'the server says no PIN is set'),
    'xstate.error.actor.status': 'the server cannot be asked',
    'xstate.done.actor.check': 'the server accepts the PIN and the kiosk leaves kiosk mode',
    'xstate.error.actor.check': (e) => `the server refuses: "${String(e.error.message)}"`,
  },
};

export const pinPadModel = (): ModelSpec<typeof pinPadMachine> => {
  const control = createControl();
  return {
    name: 'pin-pad',
    machine: pinPadMachine.provide({ actors: { status: control.promise(), check: control.promise() } }),
    control,
    input: () => ({ holdMs: 5000, idleMs: 30_000 }),
    events,
    // Four digits reach every rule; longer PINs only repeat them.
    bound: (context: PinPadContext) => context.pin.length <= 4,
    check,
    describe,
  };
};
