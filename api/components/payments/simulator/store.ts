import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../../db/index.ts';
import * as sim from './repository.ts';

/** What the simulated buyer's wallet does at capture time; tests and the approve/decline controls pick one per wallet order. */
export const OUTCOMES = ['complete', 'decline', 'pending', 'wrong-amount', 'wrong-currency'] as const;
export type Outcome = (typeof OUTCOMES)[number];

type Money = { currency_code: string; value: string };
export type PurchaseUnit = { reference_id: string; amount: Money & { breakdown?: unknown }; items?: unknown[] };
type Capture = {
  id: string;
  status: string;
  status_details?: { reason: string };
  amount: Money;
  final_capture: true;
  create_time: string;
  update_time: string;
};

type SimOrder = {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  unit: PurchaseUnit;
  outcome: Outcome;
  createTime: string;
  capture?: Capture;
};

/** An answer of the simulated REST API: HTTP status and the provider's JSON body. */
export type SimAnswer = { status: number; body: unknown };

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** The provider's ids are 17 upper-case letters and digits. */
const providerId = () => [...randomBytes(17)].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');

/** The provider's error shape: name, message, debug_id and details[].issue. */
export const providerError = (status: number, name: string, issue: string, description: string): SimAnswer => ({
  status,
  body: { name, message: description, debug_id: randomUUID().slice(0, 13), details: [{ issue, description }] },
});

const centsOf = (value: string) => Math.round(Number(value) * 100);
const decimal = (cents: number) => (Math.max(0, cents) / 100).toFixed(2);

/** At most this many wallet orders are kept; the oldest are deleted first. */
const MAX_ORDERS = 10_000;

/**
 * The simulated provider's memory: wallet orders, captures and replay answers, kept in the
 * shop database so that any API instance on it serves any wallet order.
 */
export const createSimulatorStore = (
  db: Db,
  selfUrl: (path: string) => string,
  { maxOrders = MAX_ORDERS }: { maxOrders?: number } = {},
) => {
  const view = (o: SimOrder) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    purchase_units: [{ ...o.unit, ...(o.capture ? { payments: { captures: [o.capture] } } : {}) }],
    ...(o.status === 'CREATED'
      ? {}
      : {
          payer: {
            name: { given_name: 'Test', surname: 'Buyer' },
            email_address: 'buyer@wallet-simulator.test',
            payer_id: 'SIMULATEDBUYER1',
          },
        }),
    create_time: o.createTime,
    links: [
      { href: selfUrl(`/v2/checkout/orders/${o.id}`), rel: 'self', method: 'GET' },
      { href: selfUrl(`/checkoutnow?token=${o.id}`), rel: 'approve', method: 'GET' },
      { href: selfUrl(`/v2/checkout/orders/${o.id}/capture`), rel: 'capture', method: 'POST' },
    ],
  });

  const missing = (id: string) =>
    providerError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `Specified resource ID ${id} does not exist.`);

  /** The provider's capture of one wallet order: changes `o` when it succeeds. */
  const capture = (o: SimOrder): SimAnswer => {
    if (o.status === 'CREATED')
      return providerError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    if (o.status === 'COMPLETED') return providerError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (o.outcome === 'decline')
      return providerError(
        422,
        'UNPROCESSABLE_ENTITY',
        'INSTRUMENT_DECLINED',
        "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
      );
    const { currency_code, value } = o.unit.amount;
    const now = new Date().toISOString();
    o.capture = {
      id: providerId(),
      status: o.outcome === 'pending' ? 'PENDING' : 'COMPLETED',
      ...(o.outcome === 'pending' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: {
        currency_code: o.outcome === 'wrong-currency' ? (currency_code === 'EUR' ? 'GBP' : 'EUR') : currency_code,
        value: o.outcome === 'wrong-amount' ? decimal(centsOf(value) - 1) : value,
      },
      final_capture: true,
      create_time: now,
      update_time: now,
    };
    o.status = 'COMPLETED';
    return { status: 201, body: view(o) };
  };

  return {
    async create(unit: PurchaseUnit): Promise<SimAnswer> {
      const o: SimOrder = { id: providerId(), status: 'CREATED', unit, outcome: 'complete', createTime: new Date().toISOString() };
      await sim.insertOrder(db, o.id, unit.reference_id, o);
      await sim.keepNewest(db, maxOrders);
      return { status: 201, body: view(o) };
    },
    async get(id: string): Promise<SimAnswer> {
      const o = await sim.findOrder<SimOrder>(db, id);
      return o ? { status: 200, body: view(o) } : missing(id);
    },
    /** The buyer's decision in the wallet's window: once, even when two instances are asked at once. */
    async approve(id: string, outcome: Outcome): Promise<SimAnswer> {
      const o = await sim.approveOrder<SimOrder>(db, id, outcome);
      if (o) return { status: 200, body: view(o) };
      if (!(await sim.findOrder(db, id))) return missing(id);
      return providerError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_APPROVED', 'The order was already approved.');
    },
    /** The shop order a wallet order was made for (its reference id), if the wallet order exists. */
    referenceOf: (id: string): Promise<string | undefined> => sim.referenceOf(db, id),
    /** How many wallet orders of one shop order (its reference id) were captured: the charges a buyer would see. */
    capturesFor: (referenceId: string): Promise<number> => sim.capturedCount(db, referenceId),
    /**
     * A capture repeated with the same PayPal-Request-Id gets the first successful answer again.
     * The wallet order's row is locked for the capture, so two captures at once on two
     * instances make one capture: the second sees it COMPLETED (or replays it, same request id).
     */
    async capture(id: string, requestId: string | undefined): Promise<SimAnswer> {
      const earlier = requestId ? await sim.findReplay(db, id, requestId) : undefined;
      if (earlier) return earlier;
      return db.transaction(async (tx) => {
        const o = await sim.findOrder<SimOrder>(tx, id, true);
        if (!o) return missing(id);
        const raced = requestId ? await sim.findReplay(tx, id, requestId) : undefined;
        if (raced) return raced;
        const answer = capture(o);
        if (answer.status >= 300) return answer;
        await sim.saveOrder(tx, id, o);
        if (requestId) await sim.saveReplay(tx, id, requestId, answer);
        return answer;
      });
    },
  };
};

export type SimulatorStore = ReturnType<typeof createSimulatorStore>;
