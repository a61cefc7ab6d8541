import { Router, type Request, type RequestHandler } from 'express';
import type { PaidResponse } from '#contracts/order.ts';
import { PayOrderBody, type PaymentsConfig, type WalletOrderResponse } from '#contracts/payment.ts';
import { type ApiContext, forRequest } from '../../context.ts';
import { parse } from '../../http/validate.ts';
import { payOrder } from './pay-order.ts';
import { SIMULATOR_PATH } from './simulator/routes.ts';
import { createWalletOrder } from './wallet-order.ts';
import { walletSettings } from './wallet-settings.ts';

/**
 * This API's own simulator as seen from inside the server: the address and port the request
 * arrived on, so the REST client needs no configured URL of its own server.
 */
const ownSimulator = (req: Request): string => {
  const raw = req.socket.localAddress ?? '127.0.0.1';
  const address = raw.startsWith('::ffff:') ? raw.slice(7) : raw;
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}${SIMULATOR_PATH}`;
};

/** POST /api/orders/{id}/wallet-order (mounted by the orders routes, after requireUser). */
export const walletOrderHandler =
  (ctx: ApiContext): RequestHandler =>
  async (req, res) => {
    res
      .status(201)
      .json(
        (await createWalletOrder(forRequest(ctx, req), req.user!, String(req.params.id), ownSimulator(req))) satisfies WalletOrderResponse,
      );
  };

/** PUT /api/orders/paid/{id} { walletOrderId } (mounted by the orders routes, after requireUser). */
export const payOrderHandler =
  (ctx: ApiContext): RequestHandler =>
  async (req, res) => {
    const { walletOrderId } = parse(PayOrderBody, req.body ?? {});
    res.json(
      (await payOrder(forRequest(ctx, req), req.user!, String(req.params.id), walletOrderId, ownSimulator(req))) satisfies PaidResponse,
    );
  };

/** /api/payments: what the order page needs to offer the wallet (public: it holds no secret). */
export const paymentsRoutes = (ctx: ApiContext): Router => {
  const router = Router();
  router.get('/config', (_req, res) => {
    const settings = walletSettings(ctx.config);
    const body: PaymentsConfig =
      settings.mode === 'unavailable'
        ? { wallet: 'unavailable', message: settings.reason }
        : { wallet: settings.mode, clientId: settings.clientId };
    res.json(body);
  });
  return router;
};
