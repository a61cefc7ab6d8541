/**
 * A small steady load through the balancer while the fault suite breaks things: a few shoppers
 * each placing an order of one unit in turn and reading their orders, every answer recorded
 * (when, which call, its status, whether an /api/ error was JSON with a sentence), so a test can
 * ask what shoppers saw in any window of time and which orders were answered 201.
 */
import { type Browser, newShopper, orderOf, type Product } from './browser.ts';

export type Call = { at: number; path: string; status: number; json: boolean; message?: string };

export type Load = {
  calls: Call[];
  /** The ids of every order answered 201. */
  placed: string[];
  /** Calls answered in [from, to) (ms since the epoch). */
  between(from: number, to?: number): Call[];
  stop(): Promise<void>;
};

/** An error answer a shopper can read: JSON with a non-empty `message`. */
const readable = (status: number, body: unknown, type: string | null): { json: boolean; message?: string } => {
  if (status < 400) return { json: true };
  const message = (body as { message?: unknown } | undefined)?.message;
  return { json: !!type?.includes('json') && typeof message === 'string' && message.length > 0, message: String(message ?? body) };
};

/** What `browser.call` does, plus the content type, which a failure's proof needs. */
const call = async (browser: Browser, path: string, init: { method?: string; body?: unknown } = {}): Promise<Call & { body: unknown }> => {
  const at = Date.now();
  try {
    const headers: Record<string, string> = { origin: browser.url, accept: 'application/json', cookie: browser.cookie() };
    if (init.method === 'POST') Object.assign(headers, { 'x-csrf': '1', 'content-type': 'application/json' });
    const res = await fetch(browser.url + path, {
      method: init.method ?? 'GET',
      headers,
      signal: AbortSignal.timeout(20_000),
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: `readable` says so.
    }
    return { at, path, status: res.status, body, ...readable(res.status, body, res.headers.get('content-type')) };
  } catch (error) {
    // No answer at all (the balancer itself unreachable): a failure no page could read.
    return { at, path, status: 0, body: undefined, json: false, message: (error as Error).message };
  }
};

/** `shoppers` new accounts ordering `product` one unit at a time, each every `everyMs`, until stopped. */
export const startLoad = async (url: string, product: Product, shoppers = 3, everyMs = 300): Promise<Load> => {
  const browsers = await Promise.all(Array.from({ length: shoppers }, (_, i) => newShopper(url, `fault-load-${i}`)));
  const calls: Call[] = [];
  const placed: string[] = [];
  let running = true;
  const loop = async (browser: Browser) => {
    while (running) {
      const order = await call(browser, '/api/orders', { method: 'POST', body: orderOf(product) });
      calls.push(order);
      if (order.status === 201) placed.push((order.body as { _id: string })._id);
      calls.push(await call(browser, '/api/orders'));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
  const loops = browsers.map((b) => loop(b.browser));
  return {
    calls,
    placed,
    between: (from, to = Infinity) => calls.filter((c) => c.at >= from && c.at < to),
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
};

/**
 * From `from` on: the first moment after which every call succeeded (the calls' own times), or
 * undefined when the last call still failed. Seconds, for the figures.
 */
export const backToNoErrors = (calls: Call[], from: number): number | undefined => {
  const after = calls.filter((c) => c.at >= from).sort((a, b) => a.at - b.at);
  const lastFailure = after.findLast((c) => c.status >= 500 || c.status === 0);
  if (!lastFailure) return 0;
  const next = after.find((c) => c.at > lastFailure.at);
  return next ? (next.at - from) / 1000 : undefined;
};
