import { describe, expect, it } from 'vitest';
import { kioskStatus } from './kiosk-fleet-rules.ts';

const seenAt = new Date('2026-11-29T12:00:00Z');
const after = (s: number) => new Date(seenAt.getTime() + s * 1000);
const beat = (more: Partial<Parameters<typeof kioskStatus>[0]> = {}) => ({
  state: 'attract' as const,
  stateSeconds: 30,
  quietSeconds: 30,
  idleSeconds: 80,
  everySeconds: 15,
  ...more,
});
const STUCK_MINUTES = 10;

describe("a kiosk's status from its last heartbeat", () => {
  it('when heartbeats keep arriving on the attract screen, then it is Online however long it waits there', () => {
    expect(kioskStatus(beat({ stateSeconds: 86_400, quietSeconds: 86_400 }), seenAt, after(14), STUCK_MINUTES)).toBe('online');
  });

  it('when three heartbeats are missed (a crashed or closed page), then it is Offline, and not before', () => {
    expect(kioskStatus(beat(), seenAt, after(45), STUCK_MINUTES)).toBe('online');
    expect(kioskStatus(beat(), seenAt, after(46), STUCK_MINUTES)).toBe('offline');
    // Its own cadence counts: a kiosk beating every 2 s is Offline after 6 s.
    expect(kioskStatus(beat({ everySeconds: 2 }), seenAt, after(7), STUCK_MINUTES)).toBe('offline');
    // Offline wins over stuck: its last state is old news.
    expect(kioskStatus(beat({ state: 'resetting', stateSeconds: 3600 }), seenAt, after(60), STUCK_MINUTES)).toBe('offline');
  });

  it('when it stays in one state other than browsing past KIOSK_STUCK_MINUTES, then it is Stuck', () => {
    const resetting = beat({ state: 'resetting', quietSeconds: 0 });
    expect(kioskStatus({ ...resetting, stateSeconds: 590 }, seenAt, after(10), STUCK_MINUTES)).toBe('online');
    expect(kioskStatus({ ...resetting, stateSeconds: 590 }, seenAt, after(11), STUCK_MINUTES)).toBe('stuck');
    expect(kioskStatus(beat({ state: 'unreachable', stateSeconds: 601, quietSeconds: 0 }), seenAt, after(0), STUCK_MINUTES)).toBe('stuck');
    // A shopper may browse as long as they keep touching the screen.
    expect(kioskStatus(beat({ state: 'browsing', stateSeconds: 3600, quietSeconds: 5 }), seenAt, after(0), STUCK_MINUTES)).toBe('online');
  });

  it('when no one has touched it for its idle time and a heartbeat and it is not back on the attract screen, then it is Stuck', () => {
    const browsing = beat({ state: 'browsing', stateSeconds: 60, idleSeconds: 80 });
    expect(kioskStatus({ ...browsing, quietSeconds: 95 }, seenAt, after(0), STUCK_MINUTES)).toBe('online');
    expect(kioskStatus({ ...browsing, quietSeconds: 96 }, seenAt, after(0), STUCK_MINUTES)).toBe('stuck');
    expect(kioskStatus({ ...browsing, quietSeconds: 90 }, seenAt, after(10), STUCK_MINUTES)).toBe('stuck');
  });
});
