import { assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { ACCESS_OFF } from './access.ts';
import { kioskMachine } from './kiosk.machine.ts';

type Event = ModelEvent<typeof kioskMachine>;

const noAnswer = { status: 0, message: 'no answer' };

const sessionEvents: Event[] = [
  { type: 'kiosk.start' },
  { type: 'kiosk.activity' },
  { type: 'kiosk.handoffShown' },
  { type: 'kiosk.handoffHidden' },
  { type: 'kiosk.unreachable' },
  { type: 'kiosk.crashed' },
  { type: 'kiosk.handoffClaimed' },
  { type: 'xstate.done.actor.resetSession', output: undefined },
  { type: 'xstate.error.actor.resetSession', error: { status: 429, message: 'Too many requests' } },
  { type: 'xstate.done.actor.checkSession', output: { signedOut: true } },
  { type: 'xstate.done.actor.checkSession', output: { signedOut: false } },
  { type: 'xstate.error.actor.checkSession', error: { status: 500, message: 'Internal' } },
  { type: 'xstate.done.actor.probe', output: undefined },
  { type: 'xstate.error.actor.probe', error: noAnswer },
  { type: 'xstate.done.actor.checkBuild', output: { changed: false } },
  { type: 'xstate.done.actor.checkBuild', output: { changed: true } },
  { type: 'xstate.error.actor.checkBuild', error: noAnswer },
];

// Staff's commands go to the same two states from anywhere: offered from each state once, before any failed check or crash.
const staffEvents: Event[] = [{ type: 'kiosk.staffReset' }, { type: 'kiosk.staffReload' }];

// One switch stands for all four: it is the same transition (the unit tests flip each).
const accessEvents: Event[] = [
  { type: 'kiosk.access.key' },
  { type: 'kiosk.access.toggle', setting: 'highContrast' },
  { type: 'kiosk.access.volume', volume: 0.5 },
];

const accessDefault = (access: unknown) => JSON.stringify(access) === JSON.stringify(ACCESS_OFF);
const keyedOn = (access: unknown) => JSON.stringify(access) === JSON.stringify({ ...ACCESS_OFF, readAloud: true });

/**
 * The mode's events are offered on the first attract screen only: they are root transitions, the
 * same on every screen, and offering them everywhere grew the paths by half. A state with the mode
 * on is reached but not explored further (the unit tests follow the mode through a session and
 * its reset), but for `Read aloud` turned on by a key, followed until the warning's first second,
 * so the crash's reset shows the mode ended.
 */
const events = (s: {
  hasTag(tag: string): boolean;
  context: { mounted: boolean; confirmFailures: number; reloadWanted: boolean };
}): Event[] =>
  s.context.confirmFailures > 0 || s.context.reloadWanted
    ? sessionEvents
    : s.hasTag('attract') && !s.context.mounted
      ? [...sessionEvents, ...staffEvents, ...accessEvents]
      : [...sessionEvents, ...staffEvents];

/** The test plan's sentences (docs/machines/kiosk.plan.md). */
const describe: ModelPlan<typeof kioskMachine> = {
  states: {
    'shop.attract.showing': 'the kiosk shows its attract screen',
    'shop.attract.checking': 'the attract screen asks the server whether a new build is out',
    'shop.browsing': 'a shopper is browsing',
    'shop.handoff': 'the hand-off QR is on screen',
    'shop.warning.counting': ({ context }) => `"Do you still need time?" counts down from ${context.remaining}`,
    'shop.thanks': 'the kiosk thanks the shopper whose phone took the cart',
    'shop.resetting.wiping': '"One moment …" shows while the session is wiped and logged out',
    'shop.resetting.confirming': '"One moment …" shows while the kiosk asks whether the session is gone',
    'shop.resetting.waiting': ({ context }) =>
      `"One moment …" shows; the session was still there (${context.confirmFailures} times), so the kiosk waits to try again`,
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
    'kiosk.handoffClaimed': "the shopper's phone takes the cart",
    'kiosk.staffReset': 'staff press Reset now on /admin/kiosks',
    'kiosk.staffReload': 'staff press Reload on /admin/kiosks',
    'kiosk.access.key': 'a key of a keypad or keyboard is pressed (Tab, an arrow, Enter)',
    'kiosk.access.toggle': (event) => `the shopper flips the accessibility switch ${event.setting}`,
    'kiosk.access.volume': (event) => `the shopper sets the speech volume to ${event.volume}`,
    'xstate.after.thanks': 'the thank-you time passes',
    'xstate.after.confirmRetry': 'the backoff time passes',
    'xstate.done.actor.checkSession': (event) =>
      event.output.signedOut ? 'GET /api/session answers 401: the session is gone' : 'GET /api/session still names the shopper',
    'xstate.error.actor.checkSession': 'the session check fails (429, 500 or no answer)',
    'xstate.after.idle': 'the idle time passes',
    'xstate.after.handoffIdle': 'the hand-off idle time passes',
    'xstate.after.tick': 'a second passes',
    'xstate.after.retry': 'the retry time passes',
    'xstate.after.buildCheck': 'the build check time passes',
    'xstate.done.actor.resetSession': 'the session is wiped',
    'xstate.error.actor.resetSession': 'the logout is refused',
    'xstate.done.actor.probe': 'the shop answers',
    'xstate.error.actor.probe': 'the shop still does not answer',
    'xstate.done.actor.checkBuild': (event) =>
      event.output.changed ? 'the server serves a new build' : 'the server serves the same build',
    'xstate.error.actor.checkBuild': 'the server does not answer',
  },
};

export const kioskModel = (): ModelSpec<typeof kioskMachine> => {
  const control = createControl();
  return {
    name: 'kiosk',
    machine: kioskMachine.provide({
      actors: { resetSession: control.promise(), checkSession: control.promise(), probe: control.promise(), checkBuild: control.promise() },
    }),
    control,
    input: () => ({
      idleMs: 5000,
      warningMs: 3000,
      handoffMs: 8000,
      retryMs: 2000,
      buildCheckMs: 4000,
      thanksMs: 3000,
      confirmRetryMs: 1000,
      confirmRetryMaxMs: 4000,
    }),
    events,
    // One failed check is enough to reach every state: the backoff's doubling is the unit test's.
    bound: (c) => c.confirmFailures <= 1 && (accessDefault(c.access) || (keyedOn(c.access) && c.remaining === 3 && !c.handoff)),
    check: (before, event, after) => {
      const ctx = after.context;
      if (event.type === 'kiosk.access.key')
        assertTrue(
          after.context.access.readAloud === (before.context.access.readAloud || !before.context.access.chosen),
          'a key on a kiosk nobody set up turns Read aloud on',
        );
      if (after.hasTag('attract') || after.hasTag('resetting') || after.hasTag('thanks'))
        assertTrue(!before.hasTag('shopping') || accessDefault(ctx.access), 'the reset ends the accessibility mode');
      if (event.type === 'kiosk.start') assertTrue(after.hasTag('browsing'), 'a touch on the attract screen starts');
      if (event.type === 'kiosk.activity' && before.hasTag('shopping'))
        assertTrue(after.hasTag('browsing') || after.hasTag('handoff'), 'any input returns to browsing');
      if (
        after.hasTag('resetting') &&
        event.type !== 'kiosk.crashed' &&
        event.type !== 'kiosk.staffReset' &&
        !before.hasTag('unreachable')
      ) {
        assertTrue(
          before.hasTag('resetting') || before.hasTag('thanks') || (before.hasTag('warning') && before.context.remaining === 1),
          'reset only after the whole countdown, or after the thank-you',
        );
      }
      if (before.hasTag('resetting') && after.hasTag('attract'))
        assertTrue(
          event.type === 'xstate.done.actor.checkSession' && event.output.signedOut,
          'the attract screen only once GET /api/session answered 401',
        );
      if (event.type === 'kiosk.handoffClaimed' && (before.hasTag('browsing') || before.hasTag('warning')))
        assertTrue(after.hasTag('thanks') && !ctx.mounted, 'a claimed hand-off thanks the shopper with no cart or QR left on screen');
      if (before.hasTag('resetting') && event.type === 'kiosk.unreachable') assertTrue(after.hasTag('resetting'), 'the reset carries on');
      if (after.hasTag('warning')) assertTrue(ctx.remaining >= 1 && ctx.remaining <= 3, 'countdown within the warning');
      if (after.hasTag('reloading'))
        assertTrue(
          before.hasTag('attract') || event.type === 'kiosk.staffReload',
          'a reload only at the attract screen, after the server answered, or when staff ask for it',
        );
      if (after.hasTag('attract') || after.hasTag('resetting') || after.hasTag('thanks'))
        assertTrue(!ctx.mounted && !ctx.handoff, "no shopper's app outlives the reset");
      if (before.hasTag('unreachable') && after.hasTag('shopping')) assertTrue(ctx.mounted, "the shopper's app survives the outage");
    },
    describe,
  };
};
