import { createHash, randomBytes } from 'node:crypto';
import type { KioskCommand, KioskHeartbeat } from '#contracts/kiosk-fleet.ts';
import type { Queryable } from '../../db/index.ts';

/** The most kiosks one shop lists: a page making up names cannot grow the table past it. */
export const MAX_KIOSKS = 500;

export type KioskRow = { name: string; heartbeat: KioskHeartbeat; seen_at: Date; command: KioskCommand | null };

/**
 * What became of a heartbeat: kept (with the command waiting for it, taken once, and the key
 * when this beat claimed the name), or refused and nothing changed: the fleet is full, the name
 * is claimed and the beat carried no key, or the wrong one.
 */
export type HeartbeatOutcome =
  { kept: true; command?: KioskCommand; key?: string } | { kept: false; refused: 'fleet-full' | 'no-key' | 'wrong-key' };

const hashOf = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/**
 * What proves a heartbeat's name: the key its first heartbeat got, or the word of the instance
 * that serves the kiosk of that name (its KIOSK_NAME: every device behind it is that kiosk).
 */
export type KioskProof = { key?: string | undefined; vouched?: boolean };

/**
 * Keeps a kiosk's heartbeat when it proves its name (docs/decisions/030-kiosk-fleet.md): a free
 * name is claimed by its first heartbeat, which gets a new random key (only its hash is stored);
 * a claimed name's heartbeat must carry that key or come vouched for. A row from before keys
 * existed is claimed by its next heartbeat.
 */
export const recordHeartbeat = async (
  db: Queryable,
  beat: KioskHeartbeat,
  { key, vouched = false }: KioskProof,
  maxKiosks = MAX_KIOSKS,
): Promise<HeartbeatOutcome> => {
  const fresh = randomBytes(32).toString('base64url');
  const claimed = await db.query<{ name: string }>(
    `insert into kiosks (name, heartbeat, seen_at, key_hash)
     select $1, $2::jsonb, now(), $3 where (select count(*) from kiosks) < $4
     on conflict (name) do nothing
     returning name`,
    [beat.name, JSON.stringify(beat), hashOf(fresh), maxKiosks],
  );
  if (claimed.rows.length > 0) return { kept: true, key: fresh };
  const kept = await db.query<{ claimed: boolean }>(
    `update kiosks set heartbeat = $2::jsonb, seen_at = now(), key_hash = coalesce(key_hash, $3)
      where name = $1 and (key_hash is null or key_hash = $4 or $5::boolean)
      returning key_hash = $3 as claimed`,
    [beat.name, JSON.stringify(beat), hashOf(fresh), key === undefined ? null : hashOf(key), vouched],
  );
  if (kept.rows.length === 0) {
    const known = await db.query('select 1 from kiosks where name = $1', [beat.name]);
    return { kept: false, refused: known.rows.length === 0 ? 'fleet-full' : key === undefined ? 'no-key' : 'wrong-key' };
  }
  const taken = await db.query<{ command: KioskCommand }>(
    `with waiting as (select name, command from kiosks where name = $1 and command is not null for update)
     update kiosks k set command = null from waiting where k.name = waiting.name
     returning waiting.command`,
    [beat.name],
  );
  const command = taken.rows[0]?.command;
  return { kept: true, ...(command ? { command } : {}), ...(kept.rows[0]!.claimed ? { key: fresh } : {}) };
};

export const listKiosks = async (db: Queryable): Promise<KioskRow[]> =>
  (await db.query<KioskRow>('select name, heartbeat, seen_at, command from kiosks order by name')).rows;

/** Leaves a command for the kiosk's next heartbeat (a newer one replaces it); false when no such kiosk. */
export const leaveCommand = async (db: Queryable, name: string, command: KioskCommand): Promise<boolean> =>
  (await db.query('update kiosks set command = $2 where name = $1 returning name', [name, command])).rows.length > 0;

/** Forgets a kiosk, its key with it: the name is free for the next kiosk that claims it. False when no such kiosk. */
export const forgetKiosk = async (db: Queryable, name: string): Promise<boolean> =>
  (await db.query('delete from kiosks where name = $1 returning name', [name])).rows.length > 0;
