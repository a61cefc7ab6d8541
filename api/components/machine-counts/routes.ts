import { Router } from 'express';
import { z } from 'zod';
import { MachineCountsBody, TransitionCountRow, type TransitionCount } from '#contracts/machine-counts.ts';
import { requireAdmin } from '../../auth/middleware.ts';
import type { ApiContext } from '../../context.ts';
import { parse } from '../../http/validate.ts';
import { countTransitions } from '#server/metrics.ts';
import { addCounts } from './repository.ts';
import { machineTransitionTotals } from './service.ts';

const Days = z.object({ days: z.coerce.number().int().min(1).max(3650).optional() });

/**
 * Mounted at /api. Every page sends what its machines took (no account needed: a guest's pages
 * count too); admins read the totals, which `npm run test:model -- --coverage-from URL` compares
 * with what the tests walk.
 */
export const machineCountsRoutes = (ctx: ApiContext): Router => {
  const router = Router();

  router.post('/machine-counts', async (req, res) => {
    const rows = parse(MachineCountsBody, req.body).counts.flatMap((row): TransitionCount[] => {
      const kept = TransitionCountRow.safeParse(row);
      return kept.success ? [kept.data] : [];
    });
    // Each instance counts what it received and kept: Prometheus's sum over instances is the whole.
    countTransitions(await addCounts(ctx.db, rows));
    res.status(204).end();
  });

  router.get('/admin/machine-counts', requireAdmin, async (req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json(await machineTransitionTotals(ctx.db, parse(Days, req.query).days));
  });

  return router;
};
