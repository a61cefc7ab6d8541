import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { carouselMachine, isHolding } from '#machines/carousel/carousel.machine.ts';
import { devEventLog } from '../../lib/event-log.ts';

/** Spec section 9: a swipe over 40 px changes the slide (the 5000 ms rotation is the machine's). */
export const SWIPE_THRESHOLD_PX = 40;

export type Carousel = {
  index: number;
  /** The user stopped the rotation with the pause button. */
  stopped: boolean;
  /** Rotation is on hold: hover, focus inside, or stopped. */
  holding: boolean;
  next: () => void;
  prev: () => void;
  goTo: (i: number) => void;
  toggleStopped: () => void;
  setHovered: (v: boolean) => void;
  setFocused: (v: boolean) => void;
};

/** The carousel machine (machines/carousel) for a list of `count` slides, as the component's handlers. */
export function useCarousel(count: number): Carousel {
  const actor = useActorRef(carouselMachine, { input: { count }, inspect: devEventLog?.inspect('carousel', { many: true }) });
  // A reloaded list may be shorter: the machine keeps the index inside it.
  useEffect(() => actor.send({ type: 'carousel.count', count }), [actor, count]);
  const index = useSelector(actor, (s) => s.context.index);
  const stopped = useSelector(actor, (s) => s.context.stopped);
  const holding = useSelector(actor, (s) => isHolding(s.context));
  const handlers = useMemo(
    () => ({
      next: () => actor.send({ type: 'carousel.next' }),
      prev: () => actor.send({ type: 'carousel.prev' }),
      goTo: (i: number) => actor.send({ type: 'carousel.goTo', index: i }),
      toggleStopped: () => actor.send({ type: 'carousel.toggleStopped' }),
      setHovered: (on: boolean) => actor.send({ type: 'carousel.hover', on }),
      setFocused: (on: boolean) => actor.send({ type: 'carousel.focus', on }),
    }),
    [actor],
  );
  return { index, stopped, holding, ...handlers };
}
