/**
 * The backup endpoint's credential: the caller (npm run backup, on the same machine) signs the
 * current time with INTERNAL_SECRET. A signature is good for a minute and once: the first call
 * that shows it records it in the database (shared by every API of a cluster), and any later
 * call with it is refused, so a copied header is worthless. The endpoint also answers loopback
 * connections only, and never a request a proxy forwarded (scripts/backup.ts, routes.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/types.ts';

export const BACKUP_HEADER = 'x-statefront-backup';
export const BACKUP_PATH = '/internal/backup';
const VALID_MS = 60_000;

const mac = (secret: string, at: string): Buffer => createHmac('sha256', secret).update(`backup:${at}`).digest();

/** The header's value for a call made now. */
export const signBackupCall = (secret: string, now = Date.now()): string => `${now}.${mac(secret, String(now)).toString('base64url')}`;

/** When a good header was signed (ms), or undefined for one that is not good now. */
const signedAt = (value: string | undefined, secret: string, now: number): number | undefined => {
  const [at, proof, ...rest] = (value ?? '').split('.');
  if (!at || !proof || rest.length || !/^\d{1,15}$/.test(at) || Math.abs(now - Number(at)) > VALID_MS) return undefined;
  const given = Buffer.from(proof, 'base64url');
  const expected = mac(secret, at);
  return given.length === expected.length && timingSafeEqual(given, expected) ? Number(at) : undefined;
};

/**
 * True for a good header never shown before, which it then uses up. The signed time alone is
 * recorded (one signature per millisecond and secret); it is forgotten once no clock within the
 * validity could take it again.
 */
export const useBackupCall = async (db: Queryable, value: string | undefined, secret: string, now = Date.now()): Promise<boolean> => {
  const at = signedAt(value, secret, now);
  if (at === undefined) return false;
  await db.query('delete from used_signatures where expires_ms < $1', [now - VALID_MS]);
  const { rows } = await db.query<{ proof: string }>(
    'insert into used_signatures (proof, expires_ms) values ($1, $2) on conflict (proof) do nothing returning proof',
    [`backup:${at}`, at + VALID_MS],
  );
  return rows.length === 1;
};
