import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelCheck, ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { carouselMachine, isHolding, type CarouselContext } from './carousel.machine.ts';

type Event = ModelEvent<typeof carouselMachine>;

const events: Event[] = [
  { type: 'carousel.next' },
  { type: 'carousel.prev' },
  { type: 'carousel.goTo', index: 2 },
  { type: 'carousel.toggleStopped' },
  { type: 'carousel.hover', on: true },
  { type: 'carousel.hover', on: false },
  { type: 'carousel.focus', on: true },
  { type: 'carousel.focus', on: false },
  { type: 'carousel.count', count: 3 },
  { type: 'carousel.count', count: 1 },
  { type: 'carousel.count', count: 0 },
];

/** Spec section 2/9's carousel rules, independent of the machine's code. */
const check: ModelCheck<typeof carouselMachine> = (before, event, after) => {
  const prev = before.context;
  const next = after.context;
  assertTrue(next.count === 0 ? next.index === 0 : next.index >= 0 && next.index < next.count, 'the index stays inside the list');
  assertEqual(after.hasTag('rotating'), next.count >= 2 && !isHolding(next), 'it rotates exactly when two or more slides are not held');
  if (event.type.startsWith('xstate.after.'))
    assertEqual(next.index, (prev.index + 1) % prev.count, 'the timer shows the next slide, after the last the first');
  if (event.type === 'carousel.next' && prev.count > 0) assertEqual(next.index, (prev.index + 1) % prev.count, 'next wraps to the first');
  if (event.type === 'carousel.prev' && prev.count > 0)
    assertEqual(next.index, (prev.index + prev.count - 1) % prev.count, 'back wraps to the last');
  if (event.type === 'carousel.count' && event.count <= prev.index) assertEqual(next.index, 0, 'a shorter list starts at the first slide');
};

const slide = (c: CarouselContext) => (c.count === 0 ? 'no slides' : `slide ${c.index + 1} of ${c.count}`);
const why = (c: CarouselContext) => [c.stopped && 'stopped', c.hovered && 'hovered', c.focused && 'focused'].filter(Boolean).join(', ');

/** The test plan's sentences (docs/machines/carousel.plan.md). */
const describe: ModelPlan<typeof carouselMachine> = {
  states: {
    deciding: '',
    rotating: ({ context }) => `the carousel shows ${slide(context)} and rotates`,
    held: ({ context }) => `the carousel shows ${slide(context)}, held (${why(context)})`,
    still: ({ context }) => `the carousel shows ${slide(context)} and does not rotate`,
  },
  events: {
    'carousel.next': 'the shopper moves to the next slide',
    'carousel.prev': 'the shopper moves back a slide',
    'carousel.goTo': (e) => `the shopper picks slide ${e.index + 1}`,
    'carousel.toggleStopped': ({ type: _ }, s) =>
      s.context.stopped ? 'the shopper presses Play slide show' : 'the shopper presses Pause slide show',
    'carousel.hover': (e) => (e.on ? 'the pointer rests on the carousel' : 'the pointer leaves the carousel'),
    'carousel.focus': (e) => (e.on ? 'the focus moves into the carousel' : 'the focus leaves the carousel'),
    'carousel.count': (e) => `the bestsellers reload with ${e.count} slides`,
    'xstate.after.rotate': '5000 ms pass',
  },
};

export const carouselModel = (): ModelSpec<typeof carouselMachine> => ({
  name: 'carousel',
  machine: carouselMachine,
  control: createControl(),
  inputs: [() => ({ count: 3 }), () => ({ count: 1 })],
  events,
  check,
  describe,
});
