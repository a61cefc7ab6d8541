/**
 * The backup endpoint's credential: the caller (npm run backup, on the same machine) signs the
 * current time with INTERNAL_SECRET. A signature is good for a minute, so a copied header is
 * soon worthless; the endpoint also answers loopback connections only, and never a request a
 * proxy forwarded (scripts/backup.ts, routes.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const BACKUP_HEADER = 'x-statefront-backup';
export const BACKUP_PATH = '/internal/backup';
const VALID_MS = 60_000;

const mac = (secret: string, at: string): Buffer => createHmac('sha256', secret).update(`backup:${at}`).digest();

/** The header's value for a call made now. */
export const signBackupCall = (secret: string, now = Date.now()): string => `${now}.${mac(secret, String(now)).toString('base64url')}`;

export const validBackupCall = (value: string | undefined, secret: string, now = Date.now()): boolean => {
  const [at, proof, ...rest] = (value ?? '').split('.');
  if (!at || !proof || rest.length || !/^\d{1,15}$/.test(at) || Math.abs(now - Number(at)) > VALID_MS) return false;
  const given = Buffer.from(proof, 'base64url');
  const expected = mac(secret, at);
  return given.length === expected.length && timingSafeEqual(given, expected);
};
