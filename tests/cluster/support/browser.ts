/**
 * A shopper's browser as the cluster tests drive it: only the balancer's public URL, a cookie
 * jar (the BFF's session cookie, whatever instance set it), and the anti-forgery header the
 * shop's own pages send on every state-changing call. Never a token, never an instance's port.
 */

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type Answer<T = unknown> = { status: number; body: T; instance: string };

/** `bff-1/api-2` → `{ bff: 'bff-1', api: 'api-2' }`; the API part is absent when the BFF answered alone. */
export const parseInstance = (header: string): { bff?: string; api?: string } => {
  const [first = '', second] = header.split('/');
  if (first.startsWith('api')) return { api: first };
  return { bff: first || undefined, api: second };
};

export class Browser {
  /** Cookie name → value, as a browser keeps them for the shop's origin. */
  private readonly jar = new Map<string, string>();
  /** Every X-Instance this browser saw, in order. */
  readonly instances: string[] = [];

  constructor(readonly url: string) {}

  cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call<T = unknown>(
    path: string,
    { method = 'GET', body, headers = {} }: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const sent = new Headers(headers);
    sent.set('origin', this.url);
    sent.set('accept', 'application/json');
    if (this.jar.size > 0) sent.set('cookie', this.cookie());
    if (STATE_CHANGING.has(method)) sent.set('x-csrf', '1');
    if (body !== undefined) sent.set('content-type', 'application/json');
    const res = await fetch(this.url + path, { method, headers: sent, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      // An expired cookie (logout, a dead session) is the browser deleting it.
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const instance = res.headers.get('x-instance') ?? '';
    this.instances.push(instance);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text, for the failure message.
    }
    return { status: res.status, body: parsed as T, instance };
  }

  /** Calls and insists on `expected`; the failure names the call, the instance and the body. */
  async ok<T = unknown>(path: string, init: Parameters<Browser['call']>[1] = {}, expected = [200, 201]): Promise<Answer<T>> {
    const answer = await this.call<T>(path, init);
    if (!expected.includes(answer.status)) {
      throw new Error(
        `${init.method ?? 'GET'} ${path} answered ${answer.status} from ${answer.instance || 'no X-Instance'}: ${JSON.stringify(answer.body)}`,
      );
    }
    return answer;
  }

  login(email: string, password: string) {
    return this.call<{ userLoggedIn?: { _id: string; isAdmin: boolean } }>('/api/users/login', {
      method: 'POST',
      body: { email, password, doNotLogout: false },
    });
  }
}

/** Every field spec section 5 asks for before an order can be placed. */
export const FULL_PROFILE = {
  phoneNumber: '+44 20 7946 0000',
  address: '12 Analytical St',
  country: 'United Kingdom',
  zipCode: 'N1 9GU',
  city: 'London',
  state: 'Greater London',
};
export const PASSWORD = 'cluster-pass-1';

/** A new account registered through the balancer, with a full shipping profile, logged in. */
export const newShopper = async (url: string, tag: string): Promise<{ browser: Browser; id: string; email: string }> => {
  const browser = new Browser(url);
  const email = `${tag}-${crypto.randomUUID().slice(0, 8)}@cluster.test`;
  const registered = await browser.ok<{ userCreated: { _id: string } }>('/api/users/register', {
    method: 'POST',
    body: { name: 'Cluster', lastName: tag, email, password: PASSWORD },
  });
  await browser.ok('/api/users/profile', { method: 'PUT', body: { name: 'Cluster', lastName: tag, password: PASSWORD, ...FULL_PROFILE } });
  return { browser, id: registered.body.userCreated._id, email };
};

export type Product = {
  _id: string;
  name: string;
  price: number;
  count: number;
  description: string;
  category: string;
  attrs: { key: string; value: string }[];
};

/** A checkout body for `quantity` of `product`, as the client's cart sends it (prices are the shop's, re-read by the API). */
export const orderOf = (product: Product, quantity = 1) => ({
  orderTotal: { itemsCount: quantity, cartSubtotal: product.price * quantity },
  cartItems: [
    {
      productID: product._id,
      name: product.name,
      price: product.price,
      image: { path: '/images/none.png' },
      count: product.count,
      quantity,
    },
  ],
  paymentMethod: 'cod' as const,
});

/** Runs `task` over `items` with at most `width` at a time (so 200 sign-ups do not each wait on the others' hashes). */
export const inBatches = async <T, R>(items: T[], width: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> => {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
};
