import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { KIOSK_DEFAULTS, kioskMachine, type KioskInput } from './kiosk.machine.ts';

/** SimulatedClock starts a timer set while flushing at the new time, so time moves a second at a time. */
const advance = (clock: SimulatedClock, ms: number) => {
  for (let left = ms; left > 0; left -= 1000) clock.increment(Math.min(1000, left));
};

const start = (input: KioskInput = {}) => {
  const control = createControl();
  const clock = new SimulatedClock();
  const actor = createActor(kioskMachine.provide({ actors: { resetSession: control.promise() } }), { input, clock }).start();
  const tag = (t: string) => actor.getSnapshot().hasTag(t);
  return { actor, control, clock, tag, ctx: () => actor.getSnapshot().context };
};

describe('kiosk session machine', () => {
  it('when the kiosk starts, then it attracts with 60 s idle and 15 s warning by default', () => {
    const { tag, ctx } = start();
    expect(tag('attract')).toBe(true);
    expect(ctx()).toMatchObject({ ...KIOSK_DEFAULTS, remaining: 15 });
  });

  it('when there is no input for 60 s, then a warning counts down 15 s and then the session resets to attract', async () => {
    const { actor, control, clock, tag, ctx } = start();
    actor.send({ type: 'kiosk.activity' });
    clock.increment(59_999);
    expect(tag('browsing')).toBe(true);
    clock.increment(1);
    expect(tag('warning')).toBe(true);
    expect(ctx().remaining).toBe(15);
    clock.increment(1000);
    expect(ctx().remaining).toBe(14);
    advance(clock, 13_000);
    expect(tag('warning')).toBe(true);
    expect(ctx().remaining).toBe(1);
    clock.increment(1000);
    expect(tag('resetting')).toBe(true);
    await control.resolve('resetSession', undefined);
    expect(tag('attract')).toBe(true);
  });

  it('when there is input during browsing, then the idle timer restarts', () => {
    const { actor, clock, tag } = start({ idleMs: 1000, warningMs: 2000 });
    actor.send({ type: 'kiosk.activity' });
    clock.increment(900);
    actor.send({ type: 'kiosk.activity' });
    clock.increment(900);
    expect(tag('browsing')).toBe(true);
  });

  it('when there is input during the warning, then it returns to browsing', () => {
    const { actor, clock, tag } = start({ idleMs: 1000, warningMs: 3000 });
    actor.send({ type: 'kiosk.activity' });
    clock.increment(2000);
    expect(tag('warning')).toBe(true);
    actor.send({ type: 'kiosk.activity' });
    expect(tag('browsing')).toBe(true);
  });

  it('when a payment is in progress, then no timer runs until it ends', () => {
    const { actor, clock, tag } = start({ idleMs: 1000, warningMs: 1000 });
    actor.send({ type: 'kiosk.activity' });
    actor.send({ type: 'kiosk.paymentStarted' });
    clock.increment(60_000);
    expect(tag('paying')).toBe(true);
    actor.send({ type: 'kiosk.paymentEnded' });
    clock.increment(999);
    expect(tag('browsing')).toBe(true);
  });

  it('when the reset fails, then it still returns to attract', async () => {
    const { actor, control, clock, tag } = start({ idleMs: 1000, warningMs: 1000 });
    actor.send({ type: 'kiosk.activity' });
    advance(clock, 2000);
    await control.reject('resetSession', new Error('storage blocked'));
    expect(tag('attract')).toBe(true);
  });
});
