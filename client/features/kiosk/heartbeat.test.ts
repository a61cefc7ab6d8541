import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { KIOSK_KEY_HEADER } from '#contracts/kiosk-fleet-rules.ts';
import { kioskMachine } from '#machines/kiosk/kiosk.machine.ts';
import { fleetKeyStore } from './fleet-key.ts';
import { heartbeatTracker, startHeartbeat } from './heartbeat.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

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

  it("when the shop gives the kiosk its name's key, then every later beat carries it, kept on the device for that name only; a refused beat's command is never obeyed", async () => {
    vi.useFakeTimers();
    const replies = [
      { status: 200, body: { key: 'k-till-1' } },
      { status: 200, body: { command: 'reset' } },
      { status: 403, body: { command: 'reload', message: "That is not this kiosk's key" } },
    ];
    const sent: Array<string | null> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(new Headers(init.headers).get(KIOSK_KEY_HEADER));
        const { status, body } = replies.shift()!;
        return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      }),
    );
    const stored = new Map<string, string>();
    const keys = fleetKeyStore(() => ({ getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) }));
    const kiosk = createActor(kioskMachine, { input: { idleMs: 60_000, warningMs: 20_000 } }).start();
    kiosk.send({ type: 'kiosk.start' });
    const events: string[] = [];
    const send = kiosk.send.bind(kiosk);
    const beating = startHeartbeat(
      { getSnapshot: () => kiosk.getSnapshot(), subscribe: (f) => kiosk.subscribe(f), send: (e) => (events.push(e.type), send(e)) },
      { name: 'Till 1', everySeconds: 1, keys },
    );
    await vi.advanceTimersByTimeAsync(2_500);
    beating.stop();
    kiosk.stop();
    expect(sent).toEqual([null, 'k-till-1', 'k-till-1']);
    expect(keys.get('Till 1')).toBe('k-till-1');
    expect(keys.get('Till 2')).toBeUndefined();
    expect(events).toEqual(['kiosk.staffReset']);
  });
});
