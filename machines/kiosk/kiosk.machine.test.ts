import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import { ACCESS_OFF } from './access.ts';
import { KIOSK_DEFAULTS, kioskMachine, type KioskInput } from './kiosk.machine.ts';

/** GET /api/session answered 401: the reset may end. */
const SIGNED_OUT = { signedOut: true };

/** SimulatedClock starts a timer set while flushing at the new time, so time moves a second at a time. */
const advance = (clock: SimulatedClock, ms: number) => {
  for (let left = ms; left > 0; left -= 1000) clock.increment(Math.min(1000, left));
};

const start = (input: KioskInput = {}) => {
  const control = createControl();
  const clock = new SimulatedClock();
  const reloads: number[] = [];
  const machine = kioskMachine.provide({
    actors: { resetSession: control.promise(), checkSession: control.promise(), probe: control.promise(), checkBuild: control.promise() },
    actions: { reload: () => void reloads.push(1) },
  });
  const actor = createActor(machine, { input, clock }).start();
  const tag = (t: string) => actor.getSnapshot().hasTag(t);
  return { actor, control, clock, tag, reloads, ctx: () => actor.getSnapshot().context };
};

describe('kiosk session machine', () => {
  it('when the kiosk starts, then it attracts with 60 s idle, a 20 s warning and 120 s for the hand-off by default', () => {
    const { tag, ctx } = start();
    expect(tag('attract')).toBe(true);
    expect(ctx()).toMatchObject({ ...KIOSK_DEFAULTS, remaining: 20, handoff: false, mounted: false });
  });

  it('when the page was served to a guest, then the first shopper’s app is told so and, after the reset, the next one is not', async () => {
    const { actor, control, tag, ctx } = start({ servedToGuest: true });
    actor.send({ type: 'kiosk.start' });
    expect([ctx().mounted, ctx().servedToGuest]).toEqual([true, true]);
    actor.send({ type: 'kiosk.crashed' });
    await control.resolve('resetSession', undefined);
    await control.resolve('checkSession', SIGNED_OUT);
    expect(tag('attract')).toBe(true);
    actor.send({ type: 'kiosk.start' });
    expect([ctx().mounted, ctx().servedToGuest]).toEqual([true, false]);
    expect(start().ctx().servedToGuest).toBe(false);
  });

  it('when there is no input for 60 s, then a warning counts down 20 s and then the session resets to attract', async () => {
    const { actor, control, clock, tag, ctx } = start();
    actor.send({ type: 'kiosk.start' });
    expect(ctx().mounted).toBe(true);
    clock.increment(59_999);
    expect(tag('browsing')).toBe(true);
    clock.increment(1);
    expect(tag('warning')).toBe(true);
    expect(ctx().remaining).toBe(20);
    clock.increment(1000);
    expect(ctx().remaining).toBe(19);
    advance(clock, 18_000);
    expect(tag('warning')).toBe(true);
    expect(ctx().remaining).toBe(1);
    clock.increment(1000);
    expect(tag('resetting')).toBe(true);
    expect(ctx().mounted).toBe(false);
    await control.resolve('resetSession', undefined);
    expect(tag('resetting')).toBe(true);
    await control.resolve('checkSession', SIGNED_OUT);
    expect(tag('attract')).toBe(true);
  });

  it('when the attract screen is touched, then browsing starts; input that is not a touch on it starts nothing', () => {
    const { actor, tag } = start();
    actor.send({ type: 'kiosk.activity' });
    expect(tag('attract')).toBe(true);
    actor.send({ type: 'kiosk.start' });
    expect(tag('browsing')).toBe(true);
  });

  it('when there is input during browsing, then the idle timer restarts', () => {
    const { actor, clock, tag } = start({ idleMs: 1000, warningMs: 2000 });
    actor.send({ type: 'kiosk.start' });
    clock.increment(900);
    actor.send({ type: 'kiosk.activity' });
    clock.increment(900);
    expect(tag('browsing')).toBe(true);
  });

  it('when there is input during the warning, then it returns to browsing', () => {
    const { actor, clock, tag } = start({ idleMs: 1000, warningMs: 3000 });
    actor.send({ type: 'kiosk.start' });
    clock.increment(2000);
    expect(tag('warning')).toBe(true);
    actor.send({ type: 'kiosk.activity' });
    expect(tag('browsing')).toBe(true);
  });

  it('when the hand-off QR shows, then the idle time is the hand-off time, and it still ends in a warning and a reset', () => {
    const { actor, clock, tag } = start({ idleMs: 1000, handoffMs: 5000, warningMs: 1000 });
    actor.send({ type: 'kiosk.start' });
    actor.send({ type: 'kiosk.handoffShown' });
    clock.increment(4999);
    expect(tag('handoff')).toBe(true);
    clock.increment(1);
    expect(tag('warning')).toBe(true);
    actor.send({ type: 'kiosk.activity' });
    expect(tag('handoff')).toBe(true);
    advance(clock, 6000);
    expect(tag('resetting')).toBe(true);
  });

  it('when the hand-off QR is hidden, then the normal idle time applies again', () => {
    const { actor, clock, tag } = start({ idleMs: 1000, handoffMs: 5000 });
    actor.send({ type: 'kiosk.start' });
    actor.send({ type: 'kiosk.handoffShown' });
    actor.send({ type: 'kiosk.handoffHidden' });
    clock.increment(1000);
    expect(tag('warning')).toBe(true);
  });

  it('when the logout fails, then the session check decides: the attract screen shows only once the session answers 401', async () => {
    const { actor, control, clock, tag } = start({ idleMs: 1000, warningMs: 1000 });
    actor.send({ type: 'kiosk.start' });
    advance(clock, 2000);
    await control.reject('resetSession', { status: 429, message: 'Too many requests' });
    expect(tag('resetting')).toBe(true);
    await control.resolve('checkSession', SIGNED_OUT);
    expect(tag('attract')).toBe(true);
  });

  it('when the session outlives the logout, then the kiosk keeps "One moment" and logs out and checks again after 1 s, 2 s, 4 s (doubling, capped)', async () => {
    const { actor, control, clock, tag } = start({ idleMs: 1000, warningMs: 1000, confirmRetryMs: 1000, confirmRetryMaxMs: 3000 });
    actor.send({ type: 'kiosk.start' });
    advance(clock, 2000);
    await control.resolve('resetSession', undefined);
    await control.resolve('checkSession', { signedOut: false });
    const waits: number[] = [];
    for (const failure of [
      (): Promise<void> => control.reject('checkSession', { status: 500, message: 'Internal' }),
      (): Promise<void> => control.reject('checkSession', { status: 0, message: 'no answer' }),
      (): Promise<void> => control.reject('checkSession', { status: 429, message: 'Too many requests' }),
    ]) {
      let waited = 0;
      while (!control.isPending('resetSession')) {
        clock.increment(500);
        waited += 500;
      }
      waits.push(waited);
      expect(tag('resetting')).toBe(true);
      await control.resolve('resetSession', undefined);
      await failure();
    }
    clock.increment(3000);
    await control.resolve('resetSession', undefined);
    await control.resolve('checkSession', SIGNED_OUT);
    expect(waits).toEqual([1000, 2000, 3000]);
    expect(tag('attract')).toBe(true);
  });

  it('when the phone claims the hand-off, then the app goes at once, a thank-you shows, and the kiosk resets to attract', async () => {
    const { actor, control, clock, tag, ctx } = start({ thanksMs: 5000 });
    actor.send({ type: 'kiosk.start' });
    actor.send({ type: 'kiosk.handoffShown' });
    // The offer's QR goes with the claim, then the claim is told.
    actor.send({ type: 'kiosk.handoffHidden' });
    actor.send({ type: 'kiosk.handoffClaimed' });
    expect(tag('thanks')).toBe(true);
    expect(ctx()).toMatchObject({ mounted: false, handoff: false });
    clock.increment(5000);
    expect(tag('resetting')).toBe(true);
    await control.resolve('resetSession', undefined);
    await control.resolve('checkSession', SIGNED_OUT);
    expect(tag('attract')).toBe(true);
  });

  it('when the shop cannot be reached, then a calm screen probes it until it answers and carries on where the shopper was, with the app kept', async () => {
    const { actor, control, clock, tag, ctx } = start({ retryMs: 2000 });
    actor.send({ type: 'kiosk.start' });
    actor.send({ type: 'kiosk.unreachable' });
    expect(tag('unreachable')).toBe(true);
    expect(ctx().mounted).toBe(true);
    await control.reject('probe', { status: 0, message: 'no answer' });
    clock.increment(2000);
    expect(control.isPending('probe')).toBe(true);
    await control.resolve('probe', undefined);
    expect(tag('browsing')).toBe(true);
  });

  it('when the shop cannot be reached mid-reset, then the reset keeps trying by itself instead of showing the calm screen', async () => {
    const { actor, control, clock, tag } = start({ idleMs: 1000, warningMs: 1000 });
    actor.send({ type: 'kiosk.start' });
    advance(clock, 2000);
    actor.send({ type: 'kiosk.unreachable' });
    expect(tag('resetting')).toBe(true);
    expect(control.isPending('resetSession')).toBe(true);
  });

  it('when a page crashes, then the session resets and the attract screen reloads the page once the shop answers', async () => {
    const { actor, control, clock, tag, reloads } = start({ buildCheckMs: 10_000 });
    actor.send({ type: 'kiosk.start' });
    actor.send({ type: 'kiosk.crashed' });
    expect(tag('resetting')).toBe(true);
    await control.resolve('resetSession', undefined);
    await control.resolve('checkSession', SIGNED_OUT);
    clock.increment(10_000);
    await control.reject('checkBuild', { status: 0, message: 'no answer' });
    expect(reloads).toEqual([]);
    clock.increment(10_000);
    await control.resolve('checkBuild', { changed: false });
    expect(tag('reloading')).toBe(true);
    expect(reloads).toEqual([1]);
  });

  it('when a new build is out, then the page reloads on the attract screen, and not while a shopper is browsing', async () => {
    const { actor, control, clock, tag, reloads } = start({ buildCheckMs: 10_000, idleMs: 30_000, warningMs: 1000 });
    clock.increment(10_000);
    await control.resolve('checkBuild', { changed: false });
    expect(tag('attract')).toBe(true);
    actor.send({ type: 'kiosk.start' });
    advance(clock, 31_000);
    expect(control.isPending('checkBuild')).toBe(false);
    expect(reloads).toEqual([]);
    await control.resolve('resetSession', undefined);
    await control.resolve('checkSession', SIGNED_OUT);
    clock.increment(10_000);
    await control.resolve('checkBuild', { changed: true });
    expect(reloads).toEqual([1]);
  });

  it('when a key is pressed on the attract screen, then Read aloud comes on, and the shopper’s switches and volume stay theirs', () => {
    const { actor, tag, ctx } = start();
    actor.send({ type: 'kiosk.access.key' });
    expect(tag('attract')).toBe(true);
    expect(ctx().access).toEqual({ ...ACCESS_OFF, readAloud: true });
    actor.send({ type: 'kiosk.access.toggle', setting: 'readAloud' });
    actor.send({ type: 'kiosk.access.key' });
    expect(ctx().access.readAloud).toBe(false);
    for (const setting of ['largerText', 'highContrast', 'lowerLayout'] as const) actor.send({ type: 'kiosk.access.toggle', setting });
    actor.send({ type: 'kiosk.access.volume', volume: 3 });
    expect(ctx().access).toEqual({ readAloud: false, largerText: true, highContrast: true, lowerLayout: true, volume: 1, chosen: true });
    actor.send({ type: 'kiosk.access.volume', volume: 0.25 });
    expect(ctx().access.volume).toBe(0.25);
  });

  it('when the mode is on, then the idle time is three times as long, and the warning still counts down in full', () => {
    const { actor, clock, tag, ctx } = start({ idleMs: 10_000, warningMs: 20_000 });
    actor.send({ type: 'kiosk.access.key' });
    actor.send({ type: 'kiosk.start' });
    advance(clock, 29_000);
    expect(tag('browsing')).toBe(true);
    advance(clock, 1000);
    expect(tag('warning')).toBe(true);
    expect(ctx().remaining).toBe(20);
  });

  it('when the session resets, after a warning or a hand-off, then the next shopper starts without the mode', async () => {
    const { actor, control, clock, tag, ctx } = start({ idleMs: 1000, warningMs: 1000, thanksMs: 1000 });
    actor.send({ type: 'kiosk.start' });
    actor.send({ type: 'kiosk.access.toggle', setting: 'highContrast' });
    advance(clock, 3000);
    expect(tag('resetting')).toBe(true);
    expect(ctx().access).toEqual(ACCESS_OFF);
    await control.resolve('resetSession', undefined);
    await control.resolve('checkSession', SIGNED_OUT);
    actor.send({ type: 'kiosk.access.key' });
    actor.send({ type: 'kiosk.start' });
    actor.send({ type: 'kiosk.handoffClaimed' });
    expect([tag('thanks'), ctx().access]).toEqual([true, ACCESS_OFF]);
  });

  it('when the shopper asks for more time again and again, then each time brings the whole idle time and the whole countdown', () => {
    const { actor, clock, tag, ctx } = start({ idleMs: 5000, warningMs: 20_000 });
    actor.send({ type: 'kiosk.start' });
    for (let asked = 0; asked < 4; asked++) {
      advance(clock, 5000 + 19_000);
      expect([tag('warning'), ctx().remaining]).toEqual([true, 1]);
      actor.send({ type: 'kiosk.activity' });
      expect(tag('browsing')).toBe(true);
    }
  });
});
