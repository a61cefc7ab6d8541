/**
 * Shoppers' journeys under load, the way people use the shop, over HTTP as the pages
 * call it: home (page, categories, bestsellers), a category (page and list), a filter, a
 * product's details (page and answer), add to cart (the cart lives in the browser: nothing on
 * the wire), login, checkout with cash on delivery, My Orders, logout; again until the time is
 * up. Each shopper has its own account made beforehand (register, then a shipping profile).
 * Loopback only, bounded in shoppers and seconds, against `npm start` and against the cluster.
 * One address stands for every shopper here, so the limits a real crowd would not share are
 * raised (printed beside the figures). Prints per step p50/p99 and errors, and orders placed
 * against the stock sold (no oversell: the stock taken equals the units ordered, none below 0).
 * A share of the shoppers (CHAT_SHARE) chat: each opens the support chat's socket.io connection
 * at the start, as a guest page with the chat does (bench/support/chat-load.ts: websocket
 * transport, the shop's Origin), and asks one question a round after the details; 3 admin
 * sessions take them. The `chat` step is the hub's acknowledgement; the relay time is from the
 * emit to an admin's receipt; messages lost are those no admin received.
 * Run: npx tsx bench/journeys.ts [shoppers, default 200] [seconds, default 60] [npm|cluster|both]
 */
import { chmod } from 'node:fs/promises';
import { startCluster } from '../scripts/cluster/cluster.ts';
import { FULL_PROFILE } from '../tests/cluster/support/browser.ts';
import { type Figure, isEntry, machine, percentile, printFigures } from './support/figures.ts';
import { peakOfTree } from './support/process-tree.ts';
import { LIMITS as CHAT_LIMITS } from './chat-relay.ts';
import { type ChatRun, connectAll, type Sent, sendOne, settle, viaShop } from './support/chat-load.ts';
import { startNpmShop } from './support/shop.ts';
import { firstOk, removeDir, tempDir } from './support/processes.ts';

/** What one address sending everything would otherwise hit (printed with the figures). */
export const RAISED = {
  ...CHAT_LIMITS,
  API_LIMIT_PER_MINUTE: '1000000000',
  API_GUEST_LIMIT_PER_MINUTE: '1000000000',
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000000',
  // express-rate-limit's skipSuccessfulRequests counts a login while it is in flight and takes it back once it
  // succeeds: more than 50 logins at once from one address are refused as "Too many failed logins" without a
  // single failure (measured: 346 of 490 logins, 200 shoppers for 20 s). A crowd has many addresses.
  LOGIN_FAILURES_PER_ADDRESS: '1000000',
  CONNECTIONS_PER_ADDRESS: '10000',
  MAX_OPEN_ORDERS_PER_ACCOUNT: '1000000',
};

const STEPS = ['home', 'category', 'filter', 'details', 'chat', 'login', 'checkout', 'my orders', 'logout'] as const;
type Step = (typeof STEPS)[number];
/** One shopper in CHAT_EVERY chats. */
const CHAT_EVERY = 4;
/** True, or why a step failed (the first unexpected answer's status and message, or the error). */
type Outcome = true | string;
type Timing = { step: Step; ms: number; ok: boolean; why?: string };
type Summary = { product: { _id: string; price: number; count: number; category: string } };

const CSRF = { 'x-csrf': '1', 'content-type': 'application/json' };

const call = async (base: string, path: string, init: RequestInit = {}): Promise<Response> => {
  const res = await fetch(base + path, { ...init, headers: { 'accept-encoding': 'br, gzip', ...init.headers } });
  return res;
};

const cookieOf = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');

/** One step: its requests side by side, timed together; ok when every answer is what the page expects. */
const step = async (timings: Timing[], name: Step, run: () => Promise<Outcome>): Promise<boolean> => {
  const started = performance.now();
  const outcome = await run().catch((error: unknown) => (error as Error).message);
  timings.push({ step: name, ms: performance.now() - started, ok: outcome === true, ...(outcome === true ? {} : { why: outcome }) });
  return outcome === true;
};

/** An answer read to its end: true when `expected`, else its status and the start of its message. */
const outcome = async (res: Response, expected = res.ok): Promise<Outcome> => {
  const text = await res.text();
  return expected || `${res.status} ${text.replace(/\s+/g, ' ').slice(0, 60)}`;
};

const oks = async (responses: Promise<Response>[]): Promise<Outcome> =>
  (await Promise.all(responses.map(async (r) => outcome(await r)))).find((o) => o !== true) ?? true;

type Account = { email: string; password: string };

const makeAccount = async (base: string, i: number): Promise<Account> => {
  const account = { email: `journey-${i}-${Date.now()}@example.test`, password: 'journey-password-1' };
  const res = await call(base, '/api/users/register', {
    method: 'POST',
    headers: CSRF,
    body: JSON.stringify({ name: 'Shopper', lastName: `Number ${i}`, ...account }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const profile = await call(base, '/api/users/profile', {
    method: 'PUT',
    headers: { ...CSRF, cookie: cookieOf(res) },
    body: JSON.stringify({
      name: 'Shopper',
      lastName: `Number ${i}`,
      ...FULL_PROFILE,
    }),
  });
  if (!profile.ok) throw new Error(`profile answered ${profile.status}: ${await profile.text()}`);
  await call(base, '/api/logout', { headers: { cookie: cookieOf(res) } });
  return account;
};

/** Stock now, asked with a session (private, no-cache: never a cached copy). */
const stockOf = async (base: string, cookie: string, ids: string[]): Promise<Map<string, number>> => {
  const counts = await Promise.all(
    ids.map(
      async (id) => ((await (await call(base, `/api/products/get-one/${id}`, { headers: { cookie } })).json()) as Summary['product']).count,
    ),
  );
  return new Map(ids.map((id, i) => [id, counts[i]!]));
};

type Run = { timings: Timing[]; orders: number; units: Map<string, number>; said: Sent[] };

const shopper = async (
  base: string,
  account: Account,
  until: number,
  products: Summary['product'][],
  n: number,
  chat: ChatRun['customers'][number] | undefined,
): Promise<Run> => {
  const timings: Timing[] = [];
  const units = new Map<string, number>();
  const said: Sent[] = [];
  let orders = 0;
  for (let round = 0; performance.now() < until; round += 1) {
    const product = products[(n + round) % products.length]!;
    const category = encodeURIComponent(product.category.replaceAll('/', ','));
    await step(timings, 'home', () => oks([call(base, '/'), call(base, '/api/categories'), call(base, '/api/products/bestsellers')]));
    await step(timings, 'category', () =>
      oks([call(base, `/product-list/category/${category}`), call(base, `/api/products/category/${category}?pageNum=1`)]),
    );
    await step(timings, 'filter', () => oks([call(base, `/api/products/category/${category}?pageNum=1&rating=4,5&sort=price_1`)]));
    await step(timings, 'details', () =>
      oks([call(base, `/product-details/${product._id}`), call(base, `/api/products/get-one/${product._id}`)]),
    );
    if (chat)
      await step(timings, 'chat', async () => {
        const sent = await sendOne(chat, `shopper ${n} round ${round}: is ${product._id} in stock?`);
        said.push(sent);
        return sent.ok || 'not acknowledged';
      });
    let cookie = '';
    const loggedIn = await step(timings, 'login', async () => {
      const res = await call(base, '/api/users/login', { method: 'POST', headers: CSRF, body: JSON.stringify(account) });
      cookie = cookieOf(res);
      return outcome(res);
    });
    if (!loggedIn) continue;
    await step(timings, 'checkout', async () => {
      const res = await call(base, '/api/orders', {
        method: 'POST',
        headers: { ...CSRF, cookie },
        body: JSON.stringify({
          orderTotal: { itemsCount: 1, cartSubtotal: product.price },
          cartItems: [{ productID: product._id, name: 'x', price: product.price, image: { path: '/x.jpg' }, count: 1, quantity: 1 }],
          paymentMethod: 'cod',
        }),
      });
      if (res.status === 201) {
        orders += 1;
        units.set(product._id, (units.get(product._id) ?? 0) + 1);
      }
      // Sold out is the shop's right answer, not an error.
      return outcome(res, res.status === 201 || res.status === 400 || res.status === 409);
    });
    await step(timings, 'my orders', () => oks([call(base, '/api/orders', { headers: { cookie } })]));
    await step(timings, 'logout', () => oks([call(base, '/api/logout', { headers: { cookie } })]));
  }
  return { timings, orders, units, said };
};

/** Every shopper's journeys against one shop; its figures. */
const journeys = async (label: string, base: string, shoppers: number, seconds: number): Promise<Figure[]> => {
  const accounts: Account[] = [];
  for (let i = 0; i < shoppers; i += 10)
    accounts.push(...(await Promise.all(Array.from({ length: Math.min(10, shoppers - i) }, (_, j) => makeAccount(base, i + j)))));
  const { products } = (await (await call(base, '/api/products?pageNum=1')).json()) as { products: Summary['product'][] };
  const watcher = await call(base, '/api/users/login', { method: 'POST', headers: CSRF, body: JSON.stringify(accounts[0]) });
  const watch = cookieOf(watcher);
  const ids = products.map((p) => p._id);
  const before = await stockOf(base, watch, ids);
  const chatting = Math.ceil(shoppers / CHAT_EVERY);
  const chat = await connectAll(await viaShop(base, 3), chatting);
  let said: Sent[];
  let runs: Run[];
  try {
    const until = performance.now() + seconds * 1000;
    runs = await Promise.all(
      accounts.map((a, n) => shopper(base, a, until, products, n, n % CHAT_EVERY === 0 ? chat.customers[n / CHAT_EVERY] : undefined)),
    );
    said = runs.flatMap((r) => r.said);
    await settle(chat, said);
  } finally {
    chat.close();
  }
  const after = await stockOf(base, watch, ids);
  const figures: Figure[] = [];
  const all = runs.flatMap((r) => r.timings);
  for (const name of STEPS) {
    const mine = all.filter((t) => t.step === name);
    const ms = mine.map((t) => t.ms);
    const errors = mine.filter((t) => !t.ok);
    const why = new Map<string, number>();
    for (const t of errors) why.set(t.why!, (why.get(t.why!) ?? 0) + 1);
    const reasons = [...why].map(([reason, n]) => `${n}× ${reason}`).join('; ');
    if (reasons) console.log(`${label}: ${name} errors: ${reasons}`);
    figures.push({
      bench: 'journeys',
      figure: `${label}: ${name} p50 / p99 (errors of ${mine.length})`,
      goal: 'reference',
      value: `${percentile(ms, 50).toFixed(0)} / ${percentile(ms, 99).toFixed(0)} ms (${errors.length})`,
      verdict: 'ref',
      ...(reasons ? { note: `errors: ${reasons}` } : {}),
    });
  }
  const relay = said.flatMap((s) => (chat.received.has(s.text) ? [chat.received.get(s.text)!.at - s.at] : []));
  const lost = said.filter((s) => !chat.received.has(s.text)).length;
  const duplicated = [...chat.received.values()].reduce((n, r) => n + r.count - 1, 0);
  figures.push(
    {
      bench: 'journeys',
      figure: `${label}: chat relay p50 / p99, shopper → admin (${chatting} of ${shoppers} shoppers chatting)`,
      goal: 'reference',
      value: `${percentile(relay, 50).toFixed(0)} / ${percentile(relay, 99).toFixed(0)} ms`,
      verdict: 'ref',
    },
    {
      bench: 'journeys',
      figure: `${label}: chat messages lost / duplicated`,
      goal: '0 / 0',
      value: `${lost} / ${duplicated} of ${said.length}`,
      verdict: lost === 0 && duplicated === 0 ? 'pass' : 'miss',
    },
  );
  const orders = runs.reduce((n, r) => n + r.orders, 0);
  const sold = ids.reduce((n, id) => n + runs.reduce((m, r) => m + (r.units.get(id) ?? 0), 0), 0);
  const taken = ids.reduce((n, id) => n + (before.get(id)! - after.get(id)!), 0);
  const negative = ids.filter((id) => after.get(id)! < 0).length;
  figures.push({
    bench: 'journeys',
    figure: `${label}: orders placed; units ordered = stock taken, none below 0`,
    goal: 'no oversell',
    value: `${orders}; ${sold} = ${taken}, ${negative} below 0`,
    verdict: sold === taken && negative === 0 ? 'pass' : 'miss',
  });
  return figures;
};

export const journeysBench = async ({ shoppers = 200, seconds = 60, where = 'both' } = {}): Promise<Figure[]> => {
  console.log(`${shoppers} shoppers for ${seconds} s; ${machine()}; raised for one loopback address: ${JSON.stringify(RAISED)}`);
  const figures: Figure[] = [];
  if (where !== 'cluster') {
    const dataDir = await tempDir('journeys-npm');
    const shop = await startNpmShop(dataDir, RAISED);
    try {
      await firstOk(`${shop.url}/`, shop.startedAt);
      figures.push(...(await journeys('npm start', shop.url, shoppers, seconds)));
      figures.push(peakOfTree(shop.child.proc.pid!));
    } finally {
      await shop.child.stop();
      await removeDir(dataDir);
    }
  }
  if (where !== 'npm') {
    const dataDir = await tempDir('journeys-cluster');
    await chmod(dataDir, 0o755);
    const cluster = await startCluster({
      dataDir,
      port: 0,
      apis: 2,
      bffs: 2,
      seed: 'demo',
      env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', ...RAISED },
      log: () => undefined,
    });
    try {
      figures.push(...(await journeys('cluster 2+2', cluster.url, shoppers, seconds)));
    } finally {
      await cluster.stop();
      await removeDir(dataDir);
    }
  }
  return figures;
};

if (isEntry(import.meta.url)) {
  const [shoppers, seconds, where] = process.argv.slice(2);
  printFigures(await journeysBench({ shoppers: Number(shoppers ?? 200), seconds: Number(seconds ?? 60), where: where ?? 'both' }));
}
