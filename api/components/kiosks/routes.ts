import { Router } from 'express';
import { KioskCommandRequest, KioskHeartbeat, type KioskHeartbeatReply } from '#contracts/kiosk-fleet.ts';
import { requireAdmin } from '../../auth/middleware.ts';
import type { ApiContext } from '../../context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { leaveCommand, recordHeartbeat } from './repository.ts';
import { kioskSummaries } from './service.ts';

/**
 * Mounted at /api. Kiosks run as guests, so a heartbeat needs no account (the API's request
 * limits apply, and the fleet's size is capped); only admins read the fleet and send commands,
 * which wait in the kiosk's row for its next heartbeat's reply.
 */
export const kiosksRoutes = (ctx: ApiContext): Router => {
  const router = Router();

  router.post('/kiosks/heartbeat', async (req, res) => {
    const { kept, command } = await recordHeartbeat(ctx.db, parse(KioskHeartbeat, req.body));
    if (!kept) throw new AppError(429, 'This shop lists as many kiosks as it can');
    res.setHeader('cache-control', 'no-store');
    res.json((command ? { command } : {}) satisfies KioskHeartbeatReply);
  });

  router.get('/admin/kiosks', requireAdmin, async (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json(await kioskSummaries(ctx.db, ctx.config.KIOSK_STUCK_MINUTES));
  });

  router.post('/admin/kiosks/:name/commands', requireAdmin, async (req, res) => {
    const name = String(req.params.name);
    const { command } = parse(KioskCommandRequest, req.body);
    if (!(await leaveCommand(ctx.db, name, command))) throw notFound('That kiosk');
    req.log.info({ event: 'kiosk-command', kiosk: name, command, adminId: req.user?._id }, `an admin sent kiosk ${name} ${command}`);
    res.status(202).json({ command });
  });

  return router;
};
