import type { HandoffLine } from '#contracts/handoff.ts';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.ts';
import type { Queryable } from '../../db/index.ts';

/** The ids among `ids` that name a product (lowercase, as the database writes a uuid). */
export const knownProducts = async (db: Queryable, ids: string[]): Promise<Set<string>> => {
  const { rows } = await db.query<{ id: string }>('select id::text as id from products where id = any($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.id));
};

/** Stores a hand-off of `owner`; answers when it expires (the database's clock, shared by every API instance). */
export const insertHandoff = async (
  db: Queryable,
  tokenHash: Buffer,
  lines: HandoffLine[],
  ttlMinutes: number,
  owner: Buffer,
): Promise<Date> => {
  const { rows } = await db.query<{ expires_at: Date }>(
    `insert into handoffs (token_hash, lines, expires_at, owner) values ($1, $2::jsonb, now() + make_interval(mins => $3::int), $4)
     returning expires_at`,
    [tokenHash, JSON.stringify(lines), ttlMinutes, owner],
  );
  return new Date(rows[0]!.expires_at);
};

/** Links of `owner` neither claimed nor past their time. */
export const openHandoffs = async (db: Queryable, owner: Buffer): Promise<number> => {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from handoffs where owner = $1 and claimed_at is null and expires_at > now()',
    [owner],
  );
  return rows[0]!.n;
};

export const lockOwner = async (tx: Queryable, owner: Buffer): Promise<void> => {
  await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2))', [ADVISORY_LOCKS.handoffOwner, owner.toString('hex')]);
};

/**
 * Deletes every row past its time, claimed or not: a link lives its 15 minutes and no longer, so
 * the table holds at most the last 15 minutes of hand-offs. Run lazily on every new hand-off.
 */
export const deleteExpired = async (db: Queryable): Promise<void> => {
  await db.query(`delete from handoffs where expires_at < now()`);
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
