import { randomBytes, randomUUID } from 'node:crypto';

/** What the simulated buyer's wallet does at capture time; tests and the approve/decline controls pick one per wallet order. */
export const OUTCOMES = ['complete', 'decline', 'pending', 'wrong-amount', 'wrong-currency'] as const;
export type Outcome = (typeof OUTCOMES)[number];

type Money = { currency_code: string; value: string };
export type PurchaseUnit = { reference_id: string; amount: Money & { breakdown?: unknown }; items?: unknown[] };
type Capture = { id: string; status: string; status_details?: { reason: string }; amount: Money; final_capture: true; create_time: string; update_time: string };

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

const MAX_ORDERS = 10_000;

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

/** The simulated provider's memory: wallet orders and captures, kept in this process only. */
export const createSimulatorStore = (selfUrl: (path: string) => string) => {
  const orders = new Map<string, SimOrder>();
  const replays = new Map<string, SimAnswer>();

  const view = (o: SimOrder) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    purchase_units: [{ ...o.unit, ...(o.capture ? { payments: { captures: [o.capture] } } : {}) }],
    ...(o.status === 'CREATED'
      ? {}
      : { payer: { name: { given_name: 'Test', surname: 'Buyer' }, email_address: 'buyer@wallet-simulator.test', payer_id: 'SIMULATEDBUYER1' } }),
    create_time: o.createTime,
    links: [
      { href: selfUrl(`/v2/checkout/orders/${o.id}`), rel: 'self', method: 'GET' },
      { href: selfUrl(`/checkoutnow?token=${o.id}`), rel: 'approve', method: 'GET' },
      { href: selfUrl(`/v2/checkout/orders/${o.id}/capture`), rel: 'capture', method: 'POST' },
    ],
  });

  const missing = (id: string) => providerError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `Specified resource ID ${id} does not exist.`);

  const capture = (o: SimOrder): SimAnswer => {
    if (o.status === 'CREATED') return providerError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    if (o.status === 'COMPLETED') return providerError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (o.outcome === 'decline') return providerError(422, 'UNPROCESSABLE_ENTITY', 'INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it can\'t be used for this payment.');
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
    create(unit: PurchaseUnit): SimAnswer {
      if (orders.size >= MAX_ORDERS) orders.delete(orders.keys().next().value!);
      const o: SimOrder = { id: providerId(), status: 'CREATED', unit, outcome: 'complete', createTime: new Date().toISOString() };
      orders.set(o.id, o);
      return { status: 201, body: view(o) };
    },
    get(id: string): SimAnswer {
      const o = orders.get(id);
      return o ? { status: 200, body: view(o) } : missing(id);
    },
    /** The buyer's decision in the wallet's window. */
    approve(id: string, outcome: Outcome): SimAnswer {
      const o = orders.get(id);
      if (!o) return missing(id);
      if (o.status !== 'CREATED') return providerError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_APPROVED', 'The order was already approved.');
      o.status = 'APPROVED';
      o.outcome = outcome;
      return { status: 200, body: view(o) };
    },
    /** The shop order a wallet order was made for (its reference id), if the wallet order exists. */
    referenceOf(id: string): string | undefined {
      return orders.get(id)?.unit.reference_id;
    },
    /** How many wallet orders of one shop order (its reference id) were captured: the charges a buyer would see. */
    capturesFor(referenceId: string): number {
      return [...orders.values()].filter((o) => o.unit.reference_id === referenceId && o.capture !== undefined).length;
    },
    /** A capture repeated with the same PayPal-Request-Id gets the first successful answer again. */
    capture(id: string, requestId: string | undefined): SimAnswer {
      const key = requestId ? `${id}|${requestId}` : undefined;
      const earlier = key ? replays.get(key) : undefined;
      if (earlier) return earlier;
      const o = orders.get(id);
      const answer = o ? capture(o) : missing(id);
      if (key && answer.status < 300) replays.set(key, answer);
      return answer;
    },
  };
};

export type SimulatorStore = ReturnType<typeof createSimulatorStore>;
