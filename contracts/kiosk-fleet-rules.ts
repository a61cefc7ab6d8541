// The kiosk fleet's words and the rules that make a kiosk Online, Offline or Stuck, without zod:
// the kiosk's chunk and the admin's page read them (kiosk-fleet.ts holds the wire schemas).

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

/** What staff may ask of a kiosk; it arrives in the reply to the kiosk's next heartbeat. */
export const KIOSK_COMMANDS = ['reset', 'reload'] as const;
export type KioskCommand = (typeof KIOSK_COMMANDS)[number];

/**
 * The header a kiosk proves its name with: the key the reply to its first heartbeat under that
 * name gave it (docs/decisions/030-kiosk-fleet.md). A header, so the key never lands in the
 * stored heartbeat or a logged body.
 */
export const KIOSK_KEY_HEADER = 'X-Kiosk-Key';

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
  beat: { state: KioskState; stateSeconds: number; quietSeconds: number; idleSeconds: number; everySeconds: number },
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
