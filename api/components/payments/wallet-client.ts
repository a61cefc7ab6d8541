import { z } from 'zod';
import { inSpan } from '#server/tracing.ts';

/** The provider's money: a currency and a decimal string ("12.50"). */
const WalletMoney = z.object({ currency_code: z.string(), value: z.string() });
export type WalletMoney = z.infer<typeof WalletMoney>;

const WalletCapture = z.object({ id: z.string(), status: z.string(), amount: WalletMoney.optional() });

/** The part of an Orders v2 order this shop reads; the provider sends much more. */
const WalletOrder = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        amount: WalletMoney.optional(),
        payments: z.object({ captures: z.array(WalletCapture).optional() }).optional(),
      }),
    )
    .optional(),
});
export type WalletOrder = z.infer<typeof WalletOrder>;

const Token = z.object({ access_token: z.string(), expires_in: z.number() });
const ProviderError = z.object({ name: z.string().optional(), details: z.array(z.object({ issue: z.string() })).optional() });

/** What the shop asks the provider to charge: one purchase unit, its items and their total. */
export type NewWalletOrder = {
  intent: 'CAPTURE';
  purchase_units: Array<{
    reference_id: string;
    amount: WalletMoney & { breakdown: { item_total: WalletMoney } };
    items: Array<{ name: string; quantity: string; unit_amount: WalletMoney }>;
  }>;
};

/** A failed provider call: its HTTP status (0: unreachable) and the provider's issue code, e.g. INSTRUMENT_DECLINED. */
export class WalletError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'WalletError';
  }
}

export type WalletClient = {
  createOrder(order: NewWalletOrder): Promise<WalletOrder>;
  getOrder(id: string): Promise<WalletOrder>;
  /** `requestId` goes in PayPal-Request-Id: the provider answers a repeated capture with the first result. */
  captureOrder(id: string, requestId: string): Promise<WalletOrder>;
};

const TIMEOUT_MS = 15_000;
const TOKEN_PATH = '/v1/oauth2/token';
const ORDERS_PATH = '/v2/checkout/orders';

/** One call to the provider; a span of the request that made it when tracing, named by `route`'s template (never an order id). */
const call = (url: string, init: RequestInit, route: string): Promise<Response> => {
  const method = init.method ?? 'GET';
  const attributes = { 'http.request.method': method, 'url.template': route, 'server.address': new URL(url).host };
  return inSpan(
    `wallet ${method} ${route}`,
    attributes,
    async (_end, note) => {
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
        note({ 'http.response.status_code': res.status }, !res.ok);
        return res;
      } catch (error) {
        throw new WalletError(0, undefined, `The wallet provider could not be reached: ${(error as Error).message}`);
      }
    },
    'client',
  );
};

const failure = async (res: Response, what: string): Promise<WalletError> => {
  const body = ProviderError.safeParse(await res.json().catch(() => ({})));
  const issue = body.success ? (body.data.details?.[0]?.issue ?? body.data.name) : undefined;
  return new WalletError(res.status, issue, `The wallet provider refused to ${what} (${res.status}${issue ? ` ${issue}` : ''})`);
};

/**
 * A REST client of the provider's Orders v2 API (the real one, or the simulator behind the
 * same base URL). The OAuth token is kept until a minute before it expires, and fetched
 * again once if the provider stops accepting it.
 */
export const createWalletClient = ({
  apiBase,
  clientId,
  clientSecret,
}: {
  apiBase: string;
  clientId: string;
  clientSecret: string;
}): WalletClient => {
  const base = apiBase.replace(/\/+$/, '');
  let token: { value: string; until: number } | undefined;

  const accessToken = async (): Promise<string> => {
    if (token && token.until > Date.now()) return token.value;
    const res = await call(
      `${base}${TOKEN_PATH}`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
      },
      TOKEN_PATH,
    );
    if (!res.ok) throw await failure(res, 'sign the shop in');
    const parsed = Token.parse(await res.json());
    token = { value: parsed.access_token, until: Date.now() + Math.max(0, parsed.expires_in - 60) * 1000 };
    return token.value;
  };

  const orders = async (
    method: 'GET' | 'POST',
    path: string,
    what: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<WalletOrder> => {
    // The order's id is the path's first segment: the template names it `:id`.
    const route = `${ORDERS_PATH}${path.replace(/^\/[^/]+/, '/:id')}`;
    const send = async () =>
      call(
        `${base}${ORDERS_PATH}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${await accessToken()}`,
            'content-type': 'application/json',
            accept: 'application/json',
            ...headers,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        },
        route,
      );
    let res = await send();
    if (res.status === 401) {
      token = undefined;
      res = await send();
    }
    if (!res.ok) throw await failure(res, what);
    const parsed = WalletOrder.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new WalletError(502, undefined, `The wallet provider answered something unexpected when asked to ${what}`);
    return parsed.data;
  };

  return {
    createOrder: (order) => orders('POST', '', 'create the payment', order, { prefer: 'return=minimal' }),
    getOrder: (id) => orders('GET', `/${encodeURIComponent(id)}`, 'show the payment'),
    captureOrder: (id, requestId) =>
      orders(
        'POST',
        `/${encodeURIComponent(id)}/capture`,
        'capture the payment',
        {},
        { 'paypal-request-id': requestId, prefer: 'return=representation' },
      ),
  };
};
