import { type RequestHandler, Router } from 'express';
import type { Db } from '../../../db/index.ts';
import { simulatorRestRoutes } from './rest-routes.ts';
import { sdkScript } from './sdk-script.ts';
import { createSimulatorStore, type SimulatorStore } from './store.ts';

/** Where the API serves the simulator; the BFF proxies the same path. */
export const SIMULATOR_PATH = '/wallet-simulator';

/** The simulated provider's memory in `db` (shared by every API on it), its links pointing under SIMULATOR_PATH. */
export const simulatorStore = (db: Db): SimulatorStore => createSimulatorStore(db, (path) => `${SIMULATOR_PATH}${path}`);

/**
 * The offline card-wallet simulator: the SDK script at /sdk/js and the provider's REST subset.
 * Only mounted outside production when no credentials are configured (or WALLET=simulator).
 * Tests pass their own store to see what the provider was asked to do.
 */
export const walletSimulatorRoutes = (store: SimulatorStore, controlGuard?: (store: SimulatorStore) => RequestHandler[]): Router => {
  const router = Router();
  const script = sdkScript(SIMULATOR_PATH);
  router.get('/sdk/js', (_req, res) => {
    res.type('application/javascript').set('Cache-Control', 'no-store').set('X-Content-Type-Options', 'nosniff').send(script);
  });
  router.use(simulatorRestRoutes(store, controlGuard?.(store)));
  return router;
};
