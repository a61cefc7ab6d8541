import { assign, setup } from 'xstate';

/** Spec section 9: the carousel advances every 5000 ms. */
export const CAROUSEL_INTERVAL_MS = 5000;

export type CarouselInput = { count: number };
export type CarouselContext = {
  count: number;
  index: number;
  /** The shopper stopped the rotation with the pause button (WCAG 2.2.2): only Play restarts it. */
  stopped: boolean;
  hovered: boolean;
  focused: boolean;
};
export type CarouselEvent =
  | { type: 'carousel.next' }
  | { type: 'carousel.prev' }
  | { type: 'carousel.goTo'; index: number }
  | { type: 'carousel.toggleStopped' }
  | { type: 'carousel.hover'; on: boolean }
  | { type: 'carousel.focus'; on: boolean }
  /** The list was loaded again with another length. */
  | { type: 'carousel.count'; count: number };

const wrap = (i: number, count: number) => (count === 0 ? 0 : ((i % count) + count) % count);

/**
 * The bestseller carousel's position and rotation. `rotating` waits 5000 ms, then shows the next
 * slide and waits again; hover, focus inside or the pause button hold it (tag `holding`); fewer
 * than two slides never rotate. Any manual move re-enters the wait, so a slide the shopper chose
 * stays a full interval. A shorter list never leaves the index past its end.
 */
export const carouselMachine = setup({
  types: {
    input: {} as CarouselInput,
    context: {} as CarouselContext,
    events: {} as CarouselEvent,
  },
  delays: { rotate: CAROUSEL_INTERVAL_MS },
  actions: {
    move: assign(({ context, event }) => {
      const target =
        event.type === 'carousel.next'
          ? context.index + 1
          : event.type === 'carousel.prev'
            ? context.index - 1
            : event.type === 'carousel.goTo'
              ? event.index
              : context.index;
      return { index: wrap(target, context.count) };
    }),
    advance: assign(({ context }) => ({ index: wrap(context.index + 1, context.count) })),
    toggleStopped: assign(({ context }) => ({ stopped: !context.stopped })),
    setHovered: assign(({ event }) => (event.type === 'carousel.hover' ? { hovered: event.on } : {})),
    setFocused: assign(({ event }) => (event.type === 'carousel.focus' ? { focused: event.on } : {})),
    // A shorter list starts again at the first slide, as a reload shows it.
    setCount: assign(({ context, event }) =>
      event.type === 'carousel.count' ? { count: Math.max(0, event.count), index: context.index >= event.count ? 0 : context.index } : {},
    ),
  },
  guards: {
    hasSlides: ({ context }) => context.count > 0,
    holds: ({ context }) => context.stopped || context.hovered || context.focused,
    fewerThanTwo: ({ context }) => context.count < 2,
    hoverChanges: ({ context, event }) => event.type === 'carousel.hover' && event.on !== context.hovered,
    focusChanges: ({ context, event }) => event.type === 'carousel.focus' && event.on !== context.focused,
    countChanges: ({ context, event }) => event.type === 'carousel.count' && event.count !== context.count,
  },
}).createMachine({
  id: 'carousel',
  context: ({ input }) => ({ count: Math.max(0, input.count), index: 0, stopped: false, hovered: false, focused: false }),
  initial: 'deciding',
  on: {
    // Each target re-enters `deciding`, which restarts the 5000 ms wait.
    'carousel.next': { guard: 'hasSlides', target: '.deciding', actions: 'move' },
    'carousel.prev': { guard: 'hasSlides', target: '.deciding', actions: 'move' },
    'carousel.goTo': { guard: 'hasSlides', target: '.deciding', actions: 'move' },
    'carousel.toggleStopped': { target: '.deciding', actions: 'toggleStopped' },
    'carousel.hover': { guard: 'hoverChanges', target: '.deciding', actions: 'setHovered' },
    'carousel.focus': { guard: 'focusChanges', target: '.deciding', actions: 'setFocused' },
    'carousel.count': { guard: 'countChanges', target: '.deciding', actions: 'setCount' },
  },
  states: {
    deciding: {
      always: [{ guard: 'fewerThanTwo', target: 'still' }, { guard: 'holds', target: 'held' }, { target: 'rotating' }],
    },
    rotating: {
      tags: ['rotating'],
      after: { rotate: { target: 'rotating', reenter: true, actions: 'advance' } },
    },
    held: { tags: ['holding'] },
    // One slide or none: nothing to rotate; a held list still says so to screen readers.
    still: {},
  },
});

/** Rotation is on hold: hover, focus inside, or stopped (the live region speaks only then). */
export const isHolding = (context: CarouselContext): boolean => context.stopped || context.hovered || context.focused;
