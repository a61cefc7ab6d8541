import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { pinPadMachine } from './pin-pad.machine.ts';

const start = () => {
  const control = createControl();
  const clock = new SimulatedClock();
  const actor = createActor(pinPadMachine.provide({ actors: { status: control.promise(), check: control.promise() } }), {
    input: {},
    clock,
  }).start();
  const left: string[] = [];
  actor.on('pinPad.left', (e) => left.push(e.type));
  const tag = (t: string) => actor.getSnapshot().hasTag(t);
  const type = (digits: string) => [...digits].forEach((digit) => actor.send({ type: 'pin.digit', digit }));
  /** Holds the logo for 5 s and answers that a PIN is set. */
  const openPad = async () => {
    actor.send({ type: 'pin.press' });
    clock.increment(5_000);
    await control.resolve('status', { pinSet: true });
  };
  return { actor, control, clock, tag, type, openPad, left, ctx: () => actor.getSnapshot().context };
};

describe('PIN pad machine', () => {
  it('when the logo is let go before 5 s, then no pad opens; held 5 s, then it opens', async () => {
    const { actor, clock, tag, control } = start();
    actor.send({ type: 'pin.press' });
    clock.increment(4_999);
    actor.send({ type: 'pin.release' });
    clock.increment(10_000);
    expect(tag('closed')).toBe(true);
    expect(control.started).toEqual([]);

    actor.send({ type: 'pin.press' });
    clock.increment(5_000);
    expect(tag('dialog')).toBe(true);
    expect(tag('loading')).toBe(true);
  });

  it('when no PIN is set, then the pad says the kiosk cannot be left and offers no keys', async () => {
    const { actor, clock, control, tag } = start();
    actor.send({ type: 'pin.press' });
    clock.increment(5_000);
    await control.resolve('status', { pinSet: false });
    expect(tag('unavailable')).toBe(true);
    expect(tag('entering')).toBe(false);
  });

  it('when digits are typed, then only digits count, at most 12, and OK needs 4', async () => {
    const { actor, control, tag, type, openPad, ctx } = start();
    await openPad();
    type('12a');
    expect(ctx().pin).toBe('12');
    actor.send({ type: 'pin.submit' });
    expect(tag('checking')).toBe(false);
    type('34567890123456');
    expect(ctx().pin).toBe('123456789012');
    actor.send({ type: 'pin.erase' });
    actor.send({ type: 'pin.submit' });
    expect(control.inputOf('check')).toEqual({ pin: '12345678901' });
  });

  it('when the server accepts the PIN, then the pad closes, forgets the digits and says the kiosk may leave', async () => {
    const { actor, control, tag, type, openPad, ctx, left } = start();
    await openPad();
    type('4821');
    actor.send({ type: 'pin.submit' });
    await control.resolve('check', { left: true });
    expect(tag('closed')).toBe(true);
    expect(ctx().pin).toBe('');
    expect(left).toEqual(['pinPad.left']);
  });

  it('when a lock comes without Retry-After, then the pad shows 5 minutes and counts them down, ignoring the keys', async () => {
    const { actor, control, clock, tag, type, openPad, ctx } = start();
    await openPad();
    type('0000');
    actor.send({ type: 'pin.submit' });
    await control.reject('check', { status: 429, message: 'Too many wrong PINs. Try again in 5 minutes.' });
    expect(tag('locked')).toBe(true);
    expect(ctx().message).toBe('Too many wrong PINs. Try again in 5 minutes.');
    type('1');
    expect(ctx().pin).toBe('');
    clock.increment(60_000);
    expect(ctx().message).toBe('Too many wrong PINs. Try again in 4 minutes.');
    for (let i = 0; i < 3; i += 1) clock.increment(60_000);
    expect(ctx().message).toBe('Too many wrong PINs. Try again in 1 minute.');
    clock.increment(60_000);
    expect(tag('entering')).toBe(true);
    expect(ctx().message).toBeNull();
  });

  it('when the pad is left alone for 30 s, then it closes and forgets the digits; each key gives 30 s again', async () => {
    const { clock, tag, type, openPad, ctx } = start();
    await openPad();
    clock.increment(29_000);
    type('12');
    clock.increment(29_000);
    expect(tag('entering')).toBe(true);
    clock.increment(1_000);
    expect(tag('closed')).toBe(true);
    expect(ctx().pin).toBe('');
  });

  it('when the pad is cancelled while checking, then the check is abandoned and nothing is left behind', async () => {
    const { actor, control, tag, type, openPad, ctx, left } = start();
    await openPad();
    type('4821');
    actor.send({ type: 'pin.submit' });
    actor.send({ type: 'pin.cancel' });
    expect(control.aborted).toContain('check');
    expect(tag('closed')).toBe(true);
    expect(ctx().pin).toBe('');
    expect(left).toEqual([]);
  });
});
