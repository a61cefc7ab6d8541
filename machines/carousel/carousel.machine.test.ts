import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { CAROUSEL_INTERVAL_MS, carouselMachine } from './carousel.machine.ts';

const start = (count = 3) => {
  const clock = new SimulatedClock();
  const actor = createActor(carouselMachine, { input: { count }, clock }).start();
  return { actor, clock, index: () => actor.getSnapshot().context.index, tag: (t: string) => actor.getSnapshot().hasTag(t) };
};

describe('carousel machine', () => {
  it('when 5000 ms pass, then the next slide shows, and after the last the first again', () => {
    const { clock, index } = start();
    clock.increment(CAROUSEL_INTERVAL_MS - 1);
    expect(index()).toBe(0);
    clock.increment(1);
    expect(index()).toBe(1);
    clock.increment(CAROUSEL_INTERVAL_MS);
    clock.increment(CAROUSEL_INTERVAL_MS);
    expect(index()).toBe(0);
  });

  it('when the shopper moves a slide, then the chosen slide stays a full 5000 ms', () => {
    const { actor, clock, index } = start();
    clock.increment(4000);
    actor.send({ type: 'carousel.next' });
    clock.increment(4000);
    expect(index()).toBe(1);
    clock.increment(1000);
    expect(index()).toBe(2);
  });

  it('when hovered, focused or stopped, then it holds until every hold is gone', () => {
    const { actor, clock, index, tag } = start();
    actor.send({ type: 'carousel.hover', on: true });
    actor.send({ type: 'carousel.focus', on: true });
    actor.send({ type: 'carousel.toggleStopped' });
    actor.send({ type: 'carousel.hover', on: false });
    actor.send({ type: 'carousel.focus', on: false });
    clock.increment(20_000);
    expect([index(), tag('holding')]).toEqual([0, true]);
    actor.send({ type: 'carousel.toggleStopped' });
    clock.increment(CAROUSEL_INTERVAL_MS);
    expect([index(), tag('rotating')]).toEqual([1, true]);
  });

  it('when the pointer leaves without having rested on it, then the wait is not restarted', () => {
    const { actor, clock, index } = start();
    clock.increment(4000);
    actor.send({ type: 'carousel.hover', on: false });
    clock.increment(1000);
    expect(index()).toBe(1);
  });

  it('when the list reloads shorter than the index, then the first slide shows; with one slide nothing rotates', () => {
    const { actor, clock, index, tag } = start();
    actor.send({ type: 'carousel.goTo', index: 2 });
    actor.send({ type: 'carousel.count', count: 2 });
    expect(index()).toBe(0);
    actor.send({ type: 'carousel.count', count: 1 });
    clock.increment(20_000);
    expect([index(), tag('rotating')]).toEqual([0, false]);
  });

  it('when there are no slides, then moving does nothing', () => {
    const { actor, index } = start(0);
    actor.send({ type: 'carousel.next' });
    actor.send({ type: 'carousel.prev' });
    expect(index()).toBe(0);
  });
});
