import type { KioskCommand, KioskHeartbeat } from '#contracts/kiosk-fleet.ts';
import type { Queryable } from '../../db/index.ts';

/** The most kiosks one shop lists: a page making up names cannot grow the table past it. */
export const MAX_KIOSKS = 500;

export type KioskRow = { name: string; heartbeat: KioskHeartbeat; seen_at: Date; command: KioskCommand | null };

/**
 * Keeps a kiosk's heartbeat and hands back the command waiting for it (taken once). False when
 * the name is new and the fleet is full.
 */
export const recordHeartbeat = async (
  db: Queryable,
  beat: KioskHeartbeat,
  maxKiosks = MAX_KIOSKS,
): Promise<{ kept: boolean; command?: KioskCommand }> => {
  const { rows } = await db.query<{ name: string }>(
    `insert into kiosks as k (name, heartbeat, seen_at)
     select $1, $2::jsonb, now()
      where exists (select 1 from kiosks where name = $1) or (select count(*) from kiosks) < $3
     on conflict (name) do update set heartbeat = excluded.heartbeat, seen_at = excluded.seen_at
     returning name`,
    [beat.name, JSON.stringify(beat), maxKiosks],
  );
  if (rows.length === 0) return { kept: false };
  const taken = await db.query<{ command: KioskCommand }>(
    `with waiting as (select name, command from kiosks where name = $1 and command is not null for update)
     update kiosks k set command = null from waiting where k.name = waiting.name
     returning waiting.command`,
    [beat.name],
  );
  const command = taken.rows[0]?.command;
  return command ? { kept: true, command } : { kept: true };
};

export const listKiosks = async (db: Queryable): Promise<KioskRow[]> =>
  (await db.query<KioskRow>('select name, heartbeat, seen_at, command from kiosks order by name')).rows;

/** Leaves a command for the kiosk's next heartbeat (a newer one replaces it); false when no such kiosk. */
export const leaveCommand = async (db: Queryable, name: string, command: KioskCommand): Promise<boolean> =>
  (await db.query('update kiosks set command = $2 where name = $1 returning name', [name, command])).rows.length > 0;
