import type { Express } from 'express';
import type { ApiContext } from '../../context.ts';
import { paymentsRoutes } from './routes.ts';
import { SIMULATOR_PATH, walletSimulatorRoutes } from './simulator/routes.ts';
import { walletMode } from './wallet-settings.ts';

/**
 * Mounts /api/payments (after the /api body parser and authentication) and, only when
 * simulating, the wallet simulator: in production it does not exist at all.
 */
export const mountPayments = (app: Express, ctx: ApiContext): void => {
  app.use('/api/payments', paymentsRoutes(ctx));
  if (walletMode(ctx.config) === 'simulator') app.use(SIMULATOR_PATH, walletSimulatorRoutes());
};
