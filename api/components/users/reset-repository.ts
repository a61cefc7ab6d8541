import type { Queryable } from '../../db/index.ts';

/** Reset links made for the user in the last hour (the per-account limit counts them). */
export const recentResets = async (q: Queryable, userId: string): Promise<number> => {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from password_resets where user_id = $1 and created_at > now() - interval '1 hour'`,
    [userId],
  );
  return rows[0]!.n;
};

/** A new link voids the older ones (kept, used, only to count them); answers nothing. */
export const insertReset = async (q: Queryable, userId: string, tokenHash: Buffer, minutes: number): Promise<void> => {
  await q.query(`update password_resets set used_at = now() where user_id = $1 and used_at is null`, [userId]);
  await q.query(`insert into password_resets (token_hash, user_id, expires_at) values ($1, $2, now() + make_interval(mins => $3::int))`, [
    tokenHash,
    userId,
    minutes,
  ]);
};

/** Uses the link once, in one conditional update: its user, or null (unknown, used, voided, expired). */
export const useReset = async (q: Queryable, tokenHash: Buffer): Promise<string | null> => {
  const { rows } = await q.query<{ user_id: string }>(
    `update password_resets set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning user_id`,
    [tokenHash],
  );
  return rows[0]?.user_id ?? null;
};

/** Voids every open link of the user (a successful login, a reset). */
export const voidResets = async (q: Queryable, userId: string): Promise<void> => {
  await q.query(`update password_resets set used_at = now() where user_id = $1 and used_at is null`, [userId]);
};

/** Rows older than a day are of no use, not even to count. */
export const pruneResets = async (q: Queryable): Promise<void> => {
  await q.query(`delete from password_resets where created_at < now() - interval '1 day'`);
};

/** False when there is no such user. */
export const setPasswordHash = async (q: Queryable, userId: string, passwordHash: string): Promise<boolean> => {
  const { rowCount } = await q.query('update users set password_hash = $2 where id = $1', [userId, passwordHash]);
  return rowCount > 0;
};
