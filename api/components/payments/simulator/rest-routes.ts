import { randomBytes } from 'node:crypto';
import express, { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import { OUTCOMES, providerError, type SimAnswer, type SimulatorStore } from './store.ts';

const Amount = z.string().regex(/^\d{1,10}(\.\d{1,2})?$/);
const Money = z.object({ currency_code: z.string().length(3), value: Amount });
const CreateOrder = z.object({
  intent: z.literal('CAPTURE'),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().min(1).max(256),
        amount: Money.extend({ breakdown: z.object({ item_total: Money }).optional() }),
        items: z.array(z.object({ name: z.string().min(1).max(127), quantity: z.string().regex(/^\d+$/), unit_amount: Money })).optional(),
      }),
    )
    .length(1),
});
const Control = z.object({ action: z.enum(['approve', 'decline']), outcome: z.enum(OUTCOMES).optional() });

const cents = (value: string) => Math.round(Number(value) * 100);

const send = (res: Response, answer: SimAnswer) => {
  res.status(answer.status).json(answer.body);
};

const invalid = (description: string) => providerError(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX', description);

/** The provider checks that the items add up to the breakdown and the breakdown to the amount. */
const mismatch = (unit: z.infer<typeof CreateOrder>['purchase_units'][number]): SimAnswer | null => {
  const total = unit.amount.breakdown?.item_total;
  const items = unit.items ?? [];
  if (items.length > 0 && !total)
    return providerError(422, 'UNPROCESSABLE_ENTITY', 'ITEM_TOTAL_REQUIRED', 'If item details are specified, the item total is required.');
  if (total && cents(total.value) !== cents(unit.amount.value)) {
    return providerError(
      422,
      'UNPROCESSABLE_ENTITY',
      'AMOUNT_MISMATCH',
      'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
    );
  }
  if (
    total &&
    items.length > 0 &&
    items.reduce((sum, i) => sum + cents(i.unit_amount.value) * Number(i.quantity), 0) !== cents(total.value)
  ) {
    return providerError(
      422,
      'UNPROCESSABLE_ENTITY',
      'ITEM_TOTAL_MISMATCH',
      'Should equal sum of (unit_amount * quantity) across all items.',
    );
  }
  if (items.some((i) => i.unit_amount.currency_code !== unit.amount.currency_code)) {
    return providerError(422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_MISMATCH', 'Currency code should be the same for all amounts.');
  }
  return null;
};

/**
 * The provider's REST subset the shop uses: OAuth token, create, show and capture an order,
 * with the provider's paths, statuses and shapes. Plus the buyer's side, which at the real
 * provider happens in its own window: approve (with the outcome the capture will have) or decline.
 * `controlGuard` runs before that decision: in the shop, only the buyer of the order may make it.
 */
export const simulatorRestRoutes = (store: SimulatorStore, controlGuard: RequestHandler[] = []): Router => {
  const router = Router();
  // Tokens stay in this process: each API's wallet client calls its own simulator (by its own
  // address), so a token is only ever shown to the instance that issued it.
  const tokens = new Set<string>();

  router.post('/v1/oauth2/token', express.urlencoded({ extended: false, limit: '4kb' }), (req, res) => {
    const basic = /^Basic (.+)$/.exec(req.get('authorization') ?? '');
    const [id, secret] = basic ? Buffer.from(basic[1]!, 'base64').toString().split(':') : [];
    if (!id || !secret) {
      res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    if ((req.body as Record<string, unknown>)?.grant_type !== 'client_credentials') {
      res.status(400).json({ error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      return;
    }
    const token = `A21SIM${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    res.json({
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-SIMULATOR',
      expires_in: 32400,
      nonce: randomBytes(8).toString('hex'),
    });
  });

  const bearer: RequestHandler = (req, res, next) => {
    const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
    if (token && tokens.has(token)) next();
    else res.status(401).json({ error: 'invalid_token', error_description: 'Token signature verification failed' });
  };
  const json = express.json({ limit: '64kb' });

  router.post('/v2/checkout/orders', bearer, json, async (req, res) => {
    const parsed = CreateOrder.safeParse(req.body);
    if (!parsed.success) {
      send(
        res,
        invalid(
          `Request is not well-formed: ${parsed.error.issues[0]?.path.join('/') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
        ),
      );
      return;
    }
    const unit = parsed.data.purchase_units[0]!;
    send(res, mismatch(unit) ?? (await store.create(unit)));
  });
  router.get('/v2/checkout/orders/:id', bearer, async (req, res) => send(res, await store.get(String(req.params.id))));
  router.post('/v2/checkout/orders/:id/capture', bearer, json, async (req, res) =>
    send(res, await store.capture(String(req.params.id), req.get('paypal-request-id'))),
  );

  router.post('/control/orders/:id', ...controlGuard, json, async (req, res) => {
    const parsed = Control.safeParse(req.body);
    if (!parsed.success) {
      send(res, invalid(`action must be approve or decline; outcome one of ${OUTCOMES.join(', ')}`));
      return;
    }
    const { action, outcome } = parsed.data;
    send(res, await store.approve(String(req.params.id), action === 'decline' ? 'decline' : (outcome ?? 'complete')));
  });

  return router;
};
