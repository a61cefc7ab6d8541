import type { AnyEventObject } from 'xstate';
import { assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelSpec } from '../testing/model.ts';
import type { PlanTemplates } from '../testing/plan-templates.ts';
import { kioskMachine, type KioskContext } from './kiosk.machine.ts';

const noAnswer = { status: 0, message: 'no answer' };

const events: AnyEventObject[] = [
  { type: 'kiosk.start' },
  { type: 'kiosk.activity' },
  { type: 'kiosk.handoffShown' },
  { type: 'kiosk.handoffHidden' },
  { type: 'kiosk.unreachable' },
  { type: 'kiosk.crashed' },
  { type: 'xstate.done.actor.resetSession', output: undefined },
  { type: 'xstate.error.actor.resetSession', error: { status: 0, message: 'storage blocked' } },
  { type: 'xstate.done.actor.probe', output: undefined },
  { type: 'xstate.error.actor.probe', error: noAnswer },
  { type: 'xstate.done.actor.checkBuild', output: { changed: false } },
  { type: 'xstate.done.actor.checkBuild', output: { changed: true } },
  { type: 'xstate.error.actor.checkBuild', error: noAnswer },
];

/** The test plan's sentences (docs/machines/kiosk.plan.md). */
const describe: PlanTemplates = {
  states: {
    'shop.attract.showing': 'the kiosk shows its attract screen',
    'shop.attract.checking': 'the attract screen asks the server whether a new build is out',
    'shop.browsing': 'a shopper is browsing',
    'shop.handoff': 'the hand-off QR is on screen',
    'shop.warning.counting': ({ context }) => `"Do you still need time?" counts down from ${(context as KioskContext).remaining}`,
    'shop.resetting': 'the session is being wiped',
    'unreachable.probing': '"We\'ll be right back" shows while the kiosk asks whether the shop answers',
    'unreachable.waiting': '"We\'ll be right back" shows until the next try',
    reloading: 'the page reloads',
  },
  events: {
    'kiosk.start': 'a shopper touches the attract screen',
    'kiosk.activity': 'the shopper touches the screen',
    'kiosk.handoffShown': 'the hand-off QR appears',
    'kiosk.handoffHidden': 'the hand-off QR goes away',
    'kiosk.unreachable': 'a call gets no answer from the shop',
    'kiosk.crashed': 'a page throws an uncaught error',
    'xstate.after.idle': 'the idle time passes',
    'xstate.after.handoffIdle': 'the hand-off idle time passes',
    'xstate.after.tick': 'a second passes',
    'xstate.after.retry': 'the retry time passes',
    'xstate.after.buildCheck': 'the build check time passes',
    'xstate.done.actor.resetSession': 'the session is wiped',
    'xstate.error.actor.resetSession': 'the wipe fails',
    'xstate.done.actor.probe': 'the shop answers',
    'xstate.error.actor.probe': 'the shop still does not answer',
    'xstate.done.actor.checkBuild': (event) =>
      (event as { output?: { changed?: boolean } }).output?.changed ? 'the server serves a new build' : 'the server serves the same build',
    'xstate.error.actor.checkBuild': 'the server does not answer',
  },
};

export const kioskModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'kiosk',
    machine: kioskMachine.provide({ actors: { resetSession: control.promise(), probe: control.promise(), checkBuild: control.promise() } }),
    control,
    input: () => ({ idleMs: 5000, warningMs: 3000, handoffMs: 8000, retryMs: 2000, buildCheckMs: 4000 }),
    events,
    check: (before, event, after) => {
      const ctx = after.context as KioskContext;
      if (event.type === 'kiosk.start') assertTrue(after.hasTag('browsing'), 'a touch on the attract screen starts');
      if (event.type === 'kiosk.activity' && before.hasTag('shopping'))
        assertTrue(after.hasTag('browsing') || after.hasTag('handoff'), 'any input returns to browsing');
      if (after.hasTag('resetting') && event.type !== 'kiosk.crashed' && !before.hasTag('unreachable')) {
        assertTrue(
          before.hasTag('resetting') || (before.hasTag('warning') && (before.context as KioskContext).remaining === 1),
          'reset only after the whole countdown',
        );
      }
      if (after.hasTag('warning')) assertTrue(ctx.remaining >= 1 && ctx.remaining <= 3, 'countdown within the warning');
      if (after.hasTag('reloading')) assertTrue(before.hasTag('attract'), 'a reload only at the attract screen, after the server answered');
      if (after.hasTag('attract') || after.hasTag('resetting'))
        assertTrue(!ctx.mounted && !ctx.handoff, "no shopper's app outlives the reset");
      if (before.hasTag('unreachable') && after.hasTag('shopping')) assertTrue(ctx.mounted, "the shopper's app survives the outage");
    },
    describe,
  };
};
