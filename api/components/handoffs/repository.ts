import type { HandoffLine } from '../../../contracts/handoff.ts';
import type { Queryable } from '../../db/index.ts';

/** The ids among `ids` that name a product (lowercase, as the database writes a uuid). */
export const knownProducts = async (db: Queryable, ids: string[]): Promise<Set<string>> => {
  const { rows } = await db.query<{ id: string }>('select id::text as id from products where id = any($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.id));
};

/** Stores a hand-off; answers when it expires (the database's clock, shared by every API instance). */
export const insertHandoff = async (db: Queryable, tokenHash: Buffer, lines: HandoffLine[], ttlMinutes: number): Promise<Date> => {
  const { rows } = await db.query<{ expires_at: Date }>(
    `insert into handoffs (token_hash, lines, expires_at) values ($1, $2::jsonb, now() + make_interval(mins => $3::int))
     returning expires_at`,
    [tokenHash, JSON.stringify(lines), ttlMinutes],
  );
  return new Date(rows[0]!.expires_at);
};

/**
 * Keeps an expired or used row for a day, so its link still says why it no longer works,
 * then deletes it. Run lazily on every new hand-off: the table never outgrows a day of them.
 */
export const deleteStale = async (db: Queryable): Promise<void> => {
  await db.query(`delete from handoffs where expires_at < now() - interval '1 day'`);
};

/**
 * The claim: one conditional update, so of two phones racing exactly one gets the lines and
 * the other finds the row used. Null when nothing was claimed (used, expired or unknown).
 */
export const claimHandoff = async (db: Queryable, tokenHash: Buffer): Promise<HandoffLine[] | null> => {
  const { rows } = await db.query<{ lines: HandoffLine[] }>(
    `update handoffs set claimed_at = now()
      where token_hash = $1 and claimed_at is null and expires_at > now()
      returning lines`,
    [tokenHash],
  );
  return rows[0]?.lines ?? null;
};

/** Why a claim found nothing: 'used' wins over 'expired'; null for a token never issued (or long deleted). */
export const whyUnclaimable = async (db: Queryable, tokenHash: Buffer): Promise<'used' | 'expired' | null> => {
  const { rows } = await db.query<{ used: boolean }>('select claimed_at is not null as used from handoffs where token_hash = $1', [
    tokenHash,
  ]);
  if (!rows[0]) return null;
  return rows[0].used ? 'used' : 'expired';
};
