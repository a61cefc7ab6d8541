import type { Queryable } from '../db/index.ts';
import type { AuthUser } from './types.ts';

export const createSession = async (db: Queryable, userId: string, lifetimeSeconds: number): Promise<string> => {
  const { rows } = await db.query<{ id: string }>(
    `insert into sessions (user_id, expires_at) values ($1, now() + make_interval(secs => $2)) returning id`,
    [userId, lifetimeSeconds],
  );
  return rows[0]!.id;
};

/** The session's user as stored now, if the session is live (not revoked, not expired). */
export const liveSessionUser = async (db: Queryable, sessionId: string, userId: string): Promise<AuthUser | null> => {
  const { rows } = await db.query<AuthUser>(
    `select u.id as "_id", u.name, u.last_name as "lastName", u.email, u.is_admin as "isAdmin", s.id as "sessionId"
       from sessions s join users u on u.id = s.user_id
      where s.id = $1 and u.id = $2 and s.revoked_at is null and s.expires_at > now()`,
    [sessionId, userId],
  );
  return rows[0] ?? null;
};

export const revokeSession = async (db: Queryable, sessionId: string): Promise<void> => {
  await db.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
};

/** Ends every session of a user except, optionally, the one making the change. */
export const revokeUserSessions = async (db: Queryable, userId: string, exceptSessionId?: string): Promise<void> => {
  await db.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and id is distinct from $2', [
    userId,
    exceptSessionId ?? null,
  ]);
};
