import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { kioskMachine } from '#machines/kiosk/kiosk.machine.ts';
import { heartbeatTracker } from './heartbeat.ts';

describe("a kiosk's heartbeat", () => {
  it('when a shopper starts, stops touching and the staff reset runs, then the beats tell the state, since when, the quiet time and the last reset', () => {
    let now = Date.parse('2026-11-29T12:00:00Z');
    const tracker = heartbeatTracker(() => now);
    const kiosk = createActor(kioskMachine, { input: { idleMs: 60_000, warningMs: 20_000 } }).start();
    kiosk.subscribe((s) => tracker.observe(s));
    tracker.observe(kiosk.getSnapshot());
    now += 5_000;
    kiosk.send({ type: 'kiosk.start' });
    now += 30_000;
    expect(tracker.beat('Door', 15, 'abc123', 9)).toEqual({
      name: 'Door',
      state: 'browsing',
      stateSeconds: 30,
      quietSeconds: 30,
      idleSeconds: 80,
      everySeconds: 15,
      build: 'abc123',
      roundTripMs: 9,
    });
    kiosk.send({ type: 'kiosk.staffReset' });
    now += 2_000;
    expect(tracker.beat('Door', 15)).toMatchObject({ state: 'resetting', stateSeconds: 2 });
    kiosk.send({ type: 'kiosk.crashed' });
    expect(tracker.beat('Door', 15).lastError).toEqual({ text: 'A page crashed', at: '2026-11-29T12:00:37.000Z' });
    kiosk.stop();
  });
});
