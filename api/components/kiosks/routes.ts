import { type Request, Router } from 'express';
import { KIOSK_KEY_HEADER, KioskCommandRequest, KioskHeartbeat, type KioskHeartbeatReply } from '#contracts/kiosk-fleet.ts';
import { KIOSK_INSTANCE_HEADER } from '#server/internal.ts';
import { requireAdmin } from '../../auth/middleware.ts';
import type { ApiContext } from '../../context.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { forgetKiosk, leaveCommand, recordHeartbeat, type HeartbeatOutcome } from './repository.ts';
import { kioskSummaries } from './service.ts';

// 403 rather than 401 for a missing key: the BFF takes an API 401 as the session's end and
// would log out the shopper at the kiosk whose heartbeat it was.
const REFUSALS: Record<Extract<HeartbeatOutcome, { kept: false }>['refused'], () => AppError> = {
  'fleet-full': () => new AppError(429, 'This shop lists as many kiosks as it can'),
  'no-key': () => forbidden(`That kiosk name is taken: its heartbeats must carry its key (${KIOSK_KEY_HEADER})`),
  'wrong-key': () => forbidden("That is not this kiosk's key"),
};

/** Whether the BFF that forwarded `req` serves the kiosk named `name` (its KIOSK_NAME): its proof makes the header its own. */
const vouchedFor = (req: Request, name: string): boolean => {
  const instance = req.get(KIOSK_INSTANCE_HEADER);
  if (req.bffPurpose === undefined || !instance) return false;
  try {
    return decodeURIComponent(instance) === name;
  } catch {
    return false;
  }
};

/**
 * Mounted at /api. Kiosks run as guests, so a heartbeat needs no account but proves its name
 * with the key its first heartbeat got (the API's request limits apply, and the fleet's size is
 * capped); only admins read the fleet, send commands (which wait in the kiosk's row for its next
 * proven heartbeat's reply) and forget a kiosk.
 */
export const kiosksRoutes = (ctx: ApiContext): Router => {
  const router = Router();

  router.post('/kiosks/heartbeat', async (req, res) => {
    const beat = parse(KioskHeartbeat, req.body);
    const outcome = await recordHeartbeat(ctx.db, beat, {
      key: req.get(KIOSK_KEY_HEADER) || undefined,
      vouched: vouchedFor(req, beat.name),
    });
    if (!outcome.kept) throw REFUSALS[outcome.refused]();
    const { command, key: claimedKey } = outcome;
    res.setHeader('cache-control', 'no-store');
    res.json({ ...(command ? { command } : {}), ...(claimedKey ? { key: claimedKey } : {}) } satisfies KioskHeartbeatReply);
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

  router.delete('/admin/kiosks/:name', requireAdmin, async (req, res) => {
    const name = String(req.params.name);
    if (!(await forgetKiosk(ctx.db, name))) throw notFound('That kiosk');
    req.log.info({ event: 'kiosk-forgotten', kiosk: name, adminId: req.user?._id }, `an admin forgot kiosk ${name}`);
    res.status(204).end();
  });

  return router;
};
