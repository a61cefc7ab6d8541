import { KIOSK_STATUSES, kioskStatus, type KioskStatus, type KioskSummary } from '#contracts/kiosk-fleet.ts';
import type { Queryable } from '../../db/index.ts';
import { listKiosks } from './repository.ts';

/** Every kiosk with its status at `now`, by name. */
export const kioskSummaries = async (db: Queryable, stuckMinutes: number, now = new Date()): Promise<KioskSummary[]> =>
  (await listKiosks(db)).map(({ name, heartbeat: beat, seen_at: seenAt, command }) => ({
    name,
    status: kioskStatus(beat, seenAt, now, stuckMinutes),
    state: beat.state,
    stateSince: new Date(seenAt.getTime() - beat.stateSeconds * 1000).toISOString(),
    lastSeenAt: seenAt.toISOString(),
    ...(beat.build ? { build: beat.build } : {}),
    ...(beat.lastResetAt ? { lastResetAt: beat.lastResetAt } : {}),
    ...(beat.lastError ? { lastError: beat.lastError } : {}),
    ...(beat.roundTripMs !== undefined ? { roundTripMs: beat.roundTripMs } : {}),
    ...(command ? { pending: command } : {}),
  }));

/** How many kiosks are online, offline and stuck now: the `statefront_kiosks` gauge. */
export const kioskCounts = async (db: Queryable, stuckMinutes: number): Promise<Record<KioskStatus, number>> => {
  const counts = Object.fromEntries(KIOSK_STATUSES.map((s) => [s, 0])) as Record<KioskStatus, number>;
  for (const kiosk of await kioskSummaries(db, stuckMinutes)) counts[kiosk.status] += 1;
  return counts;
};
