import { Router } from 'express';
import { ClaimHandoffBody, CreateHandoffBody } from '#contracts/handoff.ts';
import type { ApiContext } from '../../context.ts';
import { parse } from '../../http/validate.ts';
import * as handoffs from './service.ts';

/**
 * Mounted at /api/handoffs. Visitors may use both: a kiosk shopper is often a guest, and the
 * link, not a login, is what proves the phone may have the cart.
 */
export const handoffsRoutes = (ctx: ApiContext): Router => {
  const router = Router();

  router.post('/', async (req, res) => {
    const owner = handoffs.ownerOf(ctx, req.user?.sessionId, req.clientAddress);
    res.status(201).json(await handoffs.createHandoff(ctx, parse(CreateHandoffBody, req.body), owner));
  });

  router.post('/claim', async (req, res) => {
    res.json(await handoffs.claimHandoff(ctx, parse(ClaimHandoffBody, req.body).token));
  });

  // The kiosk that made the link asks whether the phone took it (the token in the body, as for the claim).
  router.post('/status', async (req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json(await handoffs.handoffStatus(ctx, parse(ClaimHandoffBody, req.body).token));
  });

  return router;
};
