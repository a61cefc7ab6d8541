import type { Express, RequestHandler } from 'express';
import { authenticate, requireUser } from '../../auth/middleware.ts';
import { notFound } from '../../http/errors.ts';
import type { ApiContext } from '../../context.ts';
import { paymentsRoutes } from './routes.ts';
import { SIMULATOR_PATH, simulatorStore, walletSimulatorRoutes } from './simulator/routes.ts';
import type { SimulatorStore } from './simulator/store.ts';
import { walletMode } from './wallet-settings.ts';

/**
 * Mounts /api/payments (after the /api body parser and authentication) and, only when
 * simulating, the wallet simulator: in production it does not exist at all.
 */
export const mountPayments = (app: Express, ctx: ApiContext): void => {
  app.use('/api/payments', paymentsRoutes(ctx));
  if (walletMode(ctx.config) === 'simulator') app.use(SIMULATOR_PATH, walletSimulatorRoutes(simulatorStore(ctx.db), buyerOnly(ctx)));
};

/**
 * The simulated wallet's approve/decline stands for the buyer's own window at the provider:
 * only the logged-in buyer of the shop order behind the wallet order may decide (404 for
 * anyone else, as for someone else's order); the BFF adds the anti-forgery check.
 */
const buyerOnly =
  (ctx: ApiContext) =>
  (store: SimulatorStore): RequestHandler[] => [
    authenticate(ctx.db, ctx.config.TOKEN_SECRET),
    requireUser,
    async (req, _res, next) => {
      const orderId = await store.referenceOf(String(req.params.id));
      const { rows } = orderId
        ? await ctx.db.query('select 1 from orders where id::text = $1 and user_id = $2', [orderId, req.user!._id])
        : { rows: [] };
      next(rows.length > 0 ? undefined : notFound('That wallet order'));
    },
  ];
