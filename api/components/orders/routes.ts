import { Router } from 'express';
import { AdminOrdersQuery, AnalysisQuery, CreateOrderBody, type AnalysisOrder, type HourBucket, type Order } from '#contracts/order.ts';
import { requireAdmin, requireUser } from '../../auth/middleware.ts';
import { type ApiContext, forRequest } from '../../context.ts';
import { readPageWindow, sendPage } from '../../http/admin-page.ts';
import { badRequest } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { payOrderHandler, walletOrderHandler } from '../payments/routes.ts';
import { analysisBuckets, analysisOrders } from './analysis-service.ts';
import { cancelOrder } from './cancel-service.ts';
import * as orders from './service.ts';
import { switchToCash } from './switch-to-cash.ts';

/** A client-chosen key (a UUID per checkout, say); absent means every POST is a new order. */
const idempotencyKey = (value: string | undefined): string | null => {
  if (value === undefined) return null;
  const key = value.trim();
  if (key.length === 0 || key.length > 200) throw badRequest('Idempotency-Key must be 1 to 200 characters', 'Idempotency-Key');
  return key;
};

/** /api/orders: users place and read their own orders; admins read all, deliver and analyse. */
export const ordersRoutes = (ctx: ApiContext): Router => {
  const router = Router();

  router.post('/', requireUser, async (req, res) => {
    const body = parse(CreateOrderBody, req.body);
    const { order, created } = await orders.createOrder(forRequest(ctx, req), req.user!, body, idempotencyKey(req.get('Idempotency-Key')));
    res.status(created ? 201 : 200).json(order satisfies Order);
  });

  router.get('/', requireUser, async (req, res) => {
    res.json((await orders.listMyOrders(ctx, req.user!)) satisfies Order[]);
  });

  router.get('/admin', requireAdmin, async (req, res) => {
    const window = readPageWindow(req.query);
    const { search } = parse(AdminOrdersQuery, req.query);
    if (window) sendPage<Order>(res, await orders.pageOfAllOrders(ctx, window, search));
    else res.json((await orders.listAllOrders(ctx, search)) satisfies Order[]);
  });

  router.get('/user/:id', requireUser, async (req, res) => {
    res.json((await orders.getOrder(ctx, req.user!, String(req.params.id))) satisfies Order);
  });

  router.put('/delivered/:id', requireAdmin, async (req, res) => {
    res.json((await orders.markDelivered(ctx, String(req.params.id))) satisfies Order);
  });

  // The buyer cancels their own order, an admin any; 404 for someone else's.
  router.put('/cancel/:id', requireUser, async (req, res) => {
    res.json((await cancelOrder(ctx, req.user!, String(req.params.id))) satisfies Order);
  });

  // The buyer pays their unpaid wallet order in cash on delivery instead (after a declined payment).
  router.put('/cash-on-delivery/:id', requireUser, async (req, res) => {
    res.json((await switchToCash(ctx, req.user!, String(req.params.id))) satisfies Order);
  });

  // Payments (api/components/payments): the API creates the wallet order, then captures and verifies it.
  router.post('/:id/wallet-order', requireUser, walletOrderHandler(ctx));
  router.put('/paid/:id', requireUser, payOrderHandler(ctx));

  router.get('/analysis/:date', requireAdmin, async (req, res) => {
    const { bucket } = parse(AnalysisQuery, req.query);
    const date = String(req.params.date);
    if (bucket === 'hour') res.json((await analysisBuckets(ctx, date)) satisfies HourBucket[]);
    else res.json((await analysisOrders(ctx, date)) satisfies AnalysisOrder[]);
  });

  return router;
};
