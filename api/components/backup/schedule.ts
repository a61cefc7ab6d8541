/**
 * Scheduled backups (BACKUP_EVERY_HOURS): every API process ticks; on PostgreSQL (several
 * instances) the one that takes the advisory lock and finds no backup of this period yet takes
 * it, so each period has exactly one. A failure is logged as an error and tried at the next
 * tick; it never stops the shop.
 */
import { readdir } from 'node:fs/promises';
import type { Logger } from 'pino';
import { ADVISORY_LOCKS } from '../../db/advisory-locks.ts';
import { writeBackup } from '../../db/backup/export.ts';
import { backupsDir, defaultBackupPath, rotateBackups, writeAtomically } from '../../db/backup/files.ts';
import type { Db } from '../../db/types.ts';
import { recordBackupPeriod, recordBackupSeconds } from '#server/metrics.ts';

const BACKUP_LOCK = ADVISORY_LOCKS.scheduledBackup;

export type BackupSchedule = { everyHours: number; keep: number };

/** When the newest default-named backup was taken, from its name. */
export const newestBackupAt = async (dataDir: string): Promise<number | undefined> => {
  const names = (await readdir(backupsDir(dataDir)).catch(() => [] as string[]))
    .filter((n) => /^statefront-\d{8}T\d{6}Z\.tar\.gz$/.test(n))
    .sort();
  const last = names.at(-1)?.match(/^statefront-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/);
  return last ? Date.UTC(+last[1]!, +last[2]! - 1, +last[3]!, +last[4]!, +last[5]!, +last[6]!) : undefined;
};

/** One tick: takes the period's backup unless another instance has (or holds the lock). */
export const scheduledBackup = async (db: Db, dataDir: string, schedule: BackupSchedule, logger: Logger, now = new Date()) => {
  const periodMs = schedule.everyHours * 3_600_000;
  const take = async () => {
    const newest = await newestBackupAt(dataDir);
    if (newest !== undefined && now.getTime() - newest < periodMs / 2) return undefined;
    const file = defaultBackupPath(dataDir, now);
    const started = performance.now();
    await writeAtomically(file, (out) => writeBackup(out, { db, dataDir, now }));
    recordBackupSeconds((performance.now() - started) / 1000);
    const removed = await rotateBackups(dataDir, schedule.keep);
    logger.info({ event: 'backup', file, removed }, 'scheduled backup taken');
    return file;
  };
  if (db.kind === 'pglite') return take();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ got: boolean }>('select pg_try_advisory_xact_lock($1) as got', [BACKUP_LOCK]);
    return rows[0]?.got ? take() : undefined;
  });
};

/**
 * Starts the schedule; returns its stop, which ends the ticks and waits up to `waitMs` for a
 * backup under way to finish, so that a shop stopped mid-backup still leaves its file (after
 * that the database closes under it, and the backup fails and is logged, leaving no file).
 */
export const scheduleBackups = (db: Db, dataDir: string, schedule: BackupSchedule, logger: Logger): ((waitMs: number) => Promise<void>) => {
  let running: Promise<unknown> | undefined;
  // The alert on a backup older than two periods reads it.
  recordBackupPeriod(schedule.everyHours * 3600);
  const timer = setInterval(() => {
    if (running) return;
    running = scheduledBackup(db, dataDir, schedule, logger)
      .catch((error: unknown) => logger.error({ err: error, event: 'backup' }, 'scheduled backup failed; trying again at the next tick'))
      .finally(() => (running = undefined));
  }, schedule.everyHours * 3_600_000);
  timer.unref();
  return async (waitMs) => {
    clearInterval(timer);
    if (!running) return;
    logger.info({ event: 'backup' }, `waiting up to ${Math.round(waitMs / 1000)} s for the scheduled backup under way`);
    let gaveUp: NodeJS.Timeout | undefined;
    await Promise.race([running, new Promise((resolve) => (gaveUp = setTimeout(resolve, waitMs)))]);
    clearTimeout(gaveUp);
  };
};
