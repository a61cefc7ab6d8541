import type { RequestHandler } from 'express';
import { CLIENT_HEADER } from '#server/internal.ts';
import { recordBackupSeconds } from '#server/metrics.ts';
import type { ApiContext } from '../../context.ts';
import { writeBackup } from '../../db/backup/export.ts';
import { BACKUP_HEADER, BACKUP_PATH, useBackupCall } from './signature.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Headers a proxy adds (nginx, the BFF): a request carrying one came from outside, whatever it is signed with. */
const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'forwarded', 'via', CLIENT_HEADER];

/**
 * GET /internal/backup: the running shop's snapshot for `npm run backup` beside it (the embedded
 * database belongs to this process). Only the one exact spelling, from a loopback connection,
 * with no proxy's header, signed with INTERNAL_SECRET (each signature once); anything else is a 404, as if it did not
 * exist. Neither the BFF nor nginx proxies /internal (tests/security/backup-endpoint.test.ts).
 */
export const backupEndpoint =
  (ctx: ApiContext): RequestHandler =>
  async (req, res, next) => {
    const allowed =
      req.originalUrl === BACKUP_PATH &&
      LOOPBACK.has(req.socket.remoteAddress ?? '') &&
      FORWARDED.every((h) => req.headers[h] === undefined) &&
      (await useBackupCall(ctx.db, req.get(BACKUP_HEADER), ctx.config.INTERNAL_SECRET));
    if (!allowed) return next();
    ctx.logger.info({ event: 'backup' }, 'backup requested over the loopback endpoint');
    res.setHeader('content-type', 'application/gzip');
    res.setHeader('cache-control', 'no-store');
    try {
      const started = performance.now();
      const { manifest, heldMs } = await writeBackup(res, { db: ctx.db, dataDir: ctx.config.DATA_DIR });
      recordBackupSeconds((performance.now() - started) / 1000);
      ctx.logger.info({ event: 'backup', heldMs: Math.round(heldMs), tables: manifest.tables.length }, 'backup sent');
    } catch (error) {
      ctx.logger.error({ err: error }, 'backup failed');
      res.destroy(error as Error);
    }
  };
