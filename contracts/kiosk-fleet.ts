// What a kiosk tells the shop every KIOSK_HEARTBEAT_SECONDS, what the shop answers, and the rules
// that make a kiosk Online, Offline or Stuck (docs/decisions/030-kiosk-fleet.md).
import { z } from 'zod';
import { KIOSK_NAME_MAX } from './shared-screen.ts';
import { KIOSK_SECONDS } from './shop-settings.ts';

/** The kiosk machine's screens, by its tags: what the heartbeat names and the admin reads in words. */
export const KIOSK_STATES = {
  attract: 'On the attract screen',
  browsing: 'A shopper is browsing',
  handoff: 'Showing the hand-off QR code',
  warning: 'Warning that it will reset',
  thanks: 'Thanking a shopper',
  resetting: 'Resetting for the next shopper',
  unreachable: 'Cannot reach the shop',
  reloading: 'Reloading the page',
} as const;
export type KioskState = keyof typeof KIOSK_STATES;
const KioskStateKey = z.enum(Object.keys(KIOSK_STATES) as [KioskState, ...KioskState[]]);

/** What staff may ask of a kiosk; it arrives in the reply to the kiosk's next heartbeat. */
export const KIOSK_COMMANDS = ['reset', 'reload'] as const;
export type KioskCommand = (typeof KIOSK_COMMANDS)[number];

const seconds = z.number().int().min(0).max(10 * 365 * 86_400);
const when = z.iso.datetime({ offset: true });

export const KioskHeartbeat = z.object({
  name: z.string().trim().min(1).max(KIOSK_NAME_MAX),
  state: KioskStateKey,
  /** Seconds the machine has been in `state`. */
  stateSeconds: seconds,
  /** Seconds since a shopper last touched the screen (or since the page loaded). */
  quietSeconds: seconds,
  /** How long the kiosk waits without input before it is back on the attract screen (idle time and warning). */
  idleSeconds: z.number().int().min(KIOSK_SECONDS.min).max(4 * KIOSK_SECONDS.max),
  /** This kiosk's KIOSK_HEARTBEAT_SECONDS: three missed make it Offline. */
  everySeconds: z.number().int().min(KIOSK_SECONDS.min).max(KIOSK_SECONDS.max),
  build: z.string().max(40).optional(),
  lastResetAt: when.optional(),
  lastError: z.object({ text: z.string().max(200), at: when }).optional(),
  /** The previous heartbeat's round trip, in milliseconds. */
  roundTripMs: z.number().int().min(0).max(600_000).optional(),
});
export type KioskHeartbeat = z.infer<typeof KioskHeartbeat>;

export const KioskHeartbeatReply = z.object({ command: z.enum(KIOSK_COMMANDS).optional() });
export type KioskHeartbeatReply = z.infer<typeof KioskHeartbeatReply>;

export const KioskCommandRequest = z.object({ command: z.enum(KIOSK_COMMANDS) });

export const KIOSK_STATUSES = ['online', 'offline', 'stuck'] as const;
export type KioskStatus = (typeof KIOSK_STATUSES)[number];
export const KIOSK_STATUS_WORDS: Record<KioskStatus, string> = { online: 'Online', offline: 'Offline', stuck: 'Stuck' };

/** A kiosk as the admin's list shows it. */
export type KioskSummary = {
  name: string;
  status: KioskStatus;
  state: KioskState;
  /** When the kiosk entered `state`. */
  stateSince: string;
  lastSeenAt: string;
  build?: string;
  lastResetAt?: string;
  lastError?: { text: string; at: string };
  roundTripMs?: number;
  /** A command waiting for the kiosk's next heartbeat. */
  pending?: KioskCommand;
};

/** Missed heartbeats after which a kiosk is Offline. */
export const MISSED_HEARTBEATS = 3;

/**
 * Online, Offline or Stuck, judged at `now` from the last heartbeat and when it arrived:
 * Offline once three heartbeats are missed (a crashed or closed page, a kiosk switched off);
 * Stuck when it stays in one state other than browsing past `stuckMinutes`, or has had no input
 * for longer than its idle time (plus one heartbeat of slack) and is still not on the attract screen.
 */
export const kioskStatus = (
  beat: Pick<KioskHeartbeat, 'state' | 'stateSeconds' | 'quietSeconds' | 'idleSeconds' | 'everySeconds'>,
  seenAt: Date,
  now: Date,
  stuckMinutes: number,
): KioskStatus => {
  const since = Math.max(0, (now.getTime() - seenAt.getTime()) / 1000);
  if (since > MISSED_HEARTBEATS * beat.everySeconds) return 'offline';
  if (beat.state === 'attract') return 'online';
  if (beat.state !== 'browsing' && beat.stateSeconds + since > stuckMinutes * 60) return 'stuck';
  if (beat.quietSeconds + since > beat.idleSeconds + beat.everySeconds) return 'stuck';
  return 'online';
};
