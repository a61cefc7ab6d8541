import type { SnapshotFrom } from 'xstate';
import { KIOSK_KEY_HEADER, type KioskCommand, type KioskState } from '#contracts/kiosk-fleet-rules.ts';
import type { KioskHeartbeat, KioskHeartbeatReply } from '#contracts/kiosk-fleet.ts';
import { idleFactor } from '#machines/kiosk/access.ts';
import type { kioskMachine } from '#machines/kiosk/kiosk.machine.ts';
import { fleetKeyStore, type FleetKeyStore } from './fleet-key.ts';

type Snapshot = SnapshotFrom<typeof kioskMachine>;

/** The machine's screen by its tags, the outage and the reset before what they cover. */
const BY_TAG = [
  'reloading',
  'unreachable',
  'resetting',
  'thanks',
  'warning',
  'handoff',
  'browsing',
  'attract',
] as const satisfies readonly KioskState[];
export const stateOf = (s: Pick<Snapshot, 'hasTag'>): KioskState => BY_TAG.find((tag) => s.hasTag(tag)) ?? 'attract';

const secondsSince = (from: number, now: number) => Math.max(0, Math.round((now - from) / 1000));
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What the next heartbeat says, kept from the machine's snapshots as they come: the screen and
 * since when, the last touch, the last reset that reached the attract screen, the last error
 * (a crashed page, the shop out of reach).
 */
export const heartbeatTracker = (clock: () => number = Date.now) => {
  let state: KioskState | undefined;
  let since = clock();
  let lastInput = clock();
  let lastResetAt: string | undefined;
  let lastError: KioskHeartbeat['lastError'];
  let crashed = false;
  let idleSeconds = 1;
  return {
    observe(s: Pick<Snapshot, 'hasTag' | 'context'>): void {
      const now = clock();
      const next = stateOf(s);
      if (next !== state) {
        if (state === 'resetting' && next === 'attract') lastResetAt = iso(now);
        if (next === 'unreachable') lastError = { text: 'The shop could not be reached', at: iso(now) };
        // A touch on the attract screen starts a session: that is input too.
        if (next === 'browsing' && state === 'attract') lastInput = now;
        state = next;
        since = now;
      }
      if (s.context.reloadWanted && !crashed) lastError = { text: 'A page crashed', at: iso(now) };
      crashed = s.context.reloadWanted;
      const c = s.context;
      idleSeconds = Math.ceil(((c.handoff ? c.handoffMs : c.idleMs) * idleFactor(c.access) + c.warningMs) / 1000);
    },
    input(): void {
      lastInput = clock();
    },
    beat(name: string, everySeconds: number, build?: string, roundTripMs?: number): KioskHeartbeat {
      const now = clock();
      return {
        name,
        state: state ?? 'attract',
        stateSeconds: secondsSince(since, now),
        quietSeconds: secondsSince(lastInput, now),
        idleSeconds,
        everySeconds,
        ...(build ? { build } : {}),
        ...(lastResetAt ? { lastResetAt } : {}),
        ...(lastError ? { lastError } : {}),
        ...(roundTripMs !== undefined ? { roundTripMs } : {}),
      };
    },
  };
};

type KioskRef = {
  getSnapshot(): Snapshot;
  subscribe(f: (s: Snapshot) => void): { unsubscribe(): void };
  send(e: { type: 'kiosk.staffReset' | 'kiosk.staffReload' }): void;
};

const EVENT_OF: Record<KioskCommand, 'kiosk.staffReset' | 'kiosk.staffReload'> = { reset: 'kiosk.staffReset', reload: 'kiosk.staffReload' };

/**
 * Sends the kiosk's heartbeat every `everySeconds` (POST /api/kiosks/heartbeat, straight fetch: a
 * failed beat is only a missed one, never the kiosk's outage screen), with the key that proves its
 * name once it has one (the first reply under a free name gives it); staff's command comes back in
 * the reply and goes to the machine. A refused beat (the name is another's) does nothing. Answers
 * `input` (for every touch) and `stop`.
 */
export const startHeartbeat = (kiosk: KioskRef, opts: { name: string; everySeconds: number; build?: string; keys?: FleetKeyStore }) => {
  const keys = opts.keys ?? fleetKeyStore();
  const tracker = heartbeatTracker();
  tracker.observe(kiosk.getSnapshot());
  const watching = kiosk.subscribe((s) => tracker.observe(s));
  let roundTripMs: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const send = async () => {
    const started = performance.now();
    const key = keys.get(opts.name);
    try {
      const res = await fetch('/api/kiosks/heartbeat', {
        method: 'POST',
        credentials: 'same-origin',
        cache: 'no-store',
        headers: {
          'Content-Type': 'application/json',
          'X-CSRF': '1',
          Accept: 'application/json',
          ...(key ? { [KIOSK_KEY_HEADER]: key } : {}),
        },
        body: JSON.stringify(tracker.beat(opts.name, opts.everySeconds, opts.build, roundTripMs)),
      });
      roundTripMs = Math.round(performance.now() - started);
      const reply = res.ok ? ((await res.json()) as KioskHeartbeatReply) : {};
      if (reply.key) keys.set(opts.name, reply.key);
      if (!stopped && reply.command && reply.command in EVENT_OF) kiosk.send({ type: EVENT_OF[reply.command] });
    } catch {
      // No answer: this beat is missed; the next one tries again.
    }
    if (!stopped) timer = setTimeout(() => void send(), opts.everySeconds * 1000);
  };
  void send();
  return {
    input: tracker.input,
    stop() {
      stopped = true;
      clearTimeout(timer);
      watching.unsubscribe();
    },
  };
};
