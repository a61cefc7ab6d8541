/**
 * From an order's commit (POST /api/orders answered) to the admin's analytics chart showing
 * the new total in Chromium: the order goes through the BFF from Node, the page records when
 * today's line (its last point's data-value) first equals the expected total, both clocks read
 * as `performance.timeOrigin + performance.now()` on this one machine. The API emits newOrder
 * as it answers, so the chart can move before the answer is read: the time from sending the
 * POST is printed too (the customer's click to the admin's chart).
 * Run: npm run build (the client), then npx tsx bench/analytics-live.ts [orders]
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startShop } from '../bff/index.ts';
import e2e from '../playwright.config.ts';

const ORDERS = Number(process.argv[2] ?? 5);
// Every order is John's and none is delivered: the open-orders limit is raised above them, and printed.
const OPEN_ORDERS_ALLOWED = ORDERS + 100;
console.log(`MAX_OPEN_ORDERS_PER_ACCOUNT=${OPEN_ORDERS_ALLOWED} (raised for this bench)`);
const ADMIN = { email: 'admin@admin.com', password: 'admin@admin.com' };
const CUSTOMER = { email: 'john@doe.com', password: 'john@doe.com' };

const now = () => performance.timeOrigin + performance.now();
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

if (!existsSync('dist/client/index.html')) throw new Error('dist/client is not built: run `npm run build`');
const dataDir = await mkdtemp(path.join(tmpdir(), 'statefront-bench-live-'));
const shop = await startShop({
  env: {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-session-secret-0123456789abcdefghij',
    MAX_OPEN_ORDERS_PER_ACCOUNT: String(OPEN_ORDERS_ALLOWED),
  },
  port: 0,
  host: '127.0.0.1',
  clientDir: 'dist/client',
});
// The browser and flags the e2e suites run (playwright.config.ts).
const browser = await chromium.launch(e2e.projects?.[0]?.use?.launchOptions);
try {
  // The customer: plain HTTP through the BFF, the session cookie carried by hand.
  const login = await fetch(`${shop.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify({ ...CUSTOMER, doNotLogout: false }),
  });
  if (!login.ok) throw new Error(`customer login answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const [product] = (await (await fetch(`${shop.url}/api/products/bestsellers`)).json()) as {
    _id: string;
    name: string;
    price: number;
    count: number;
  }[];
  if (!product) throw new Error('The demo shop has no bestsellers to order');
  const placeOrder = async (): Promise<{ sent: number; answered: number }> => {
    const sent = now();
    const res = await fetch(`${shop.url}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf': '1', cookie },
      body: JSON.stringify({
        orderTotal: { itemsCount: 1, cartSubtotal: product.price },
        cartItems: [{ productID: product._id, name: product.name, price: product.price, quantity: 1, count: product.count }],
        paymentMethod: 'cod',
      }),
    });
    const text = await res.text();
    const answered = now();
    if (!res.ok) throw new Error(`POST /api/orders answered ${res.status}: ${text}`);
    return { sent, answered };
  };

  // The admin: logged in through the BFF in the browser context, on the analytics page.
  const context = await browser.newContext({ baseURL: shop.url });
  const adminLogin = await context.request.post('/api/users/login', { headers: { 'X-CSRF': '1' }, data: { ...ADMIN, doNotLogout: true } });
  if (!adminLogin.ok()) throw new Error(`admin login answered ${adminLogin.status()}`);
  const page = await context.newPage();
  await page.goto('/admin/analytics');
  const today = new Date().toISOString().slice(0, 10);
  await page.getByRole('heading', { level: 1, name: new RegExp(`Black Friday Cumulative Revenue ${today}`) }).waitFor();
  await page
    .getByText('Loading the orders ...')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);

  // In-page code as text: tsx would wrap named functions in a helper the page does not have.
  await page.evaluate(`window.__arm = (date, expected) => {
    const total = () => Number([...document.querySelectorAll('[data-series="' + date + '"] circle')].at(-1)?.getAttribute('data-value') ?? 0);
    window.__observer?.disconnect();
    window.__seen = null;
    if (expected !== null) {
      window.__observer = new MutationObserver(() => {
        if (window.__seen === null && Math.abs(total() - expected) < 0.005) window.__seen = performance.timeOrigin + performance.now();
      });
      window.__observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    }
    return total();
  }`);
  /** Arms an observer that notes the moment today's line first reaches `expected`; answers the total before. */
  const arm = (expected: number | null) =>
    page.evaluate(([date, value]) => (window as unknown as { __arm: (d: string, e: number | null) => number }).__arm(date, value), [
      today,
      expected,
    ] as const);
  const seenAt = async () => {
    await page.waitForFunction(() => (window as unknown as { __seen: number | null }).__seen !== null, undefined, { timeout: 15_000 });
    return page.evaluate(() => (window as unknown as { __seen: number }).__seen);
  };

  const runs: Array<{ post: number; answeredToChart: number; sentToChart: number }> = [];
  // The first order is a warm-up (socket connected, code paths hot); it is not counted.
  for (let i = 0; i <= ORDERS; i++) {
    if (new Date().toISOString().slice(0, 10) !== today) throw new Error('The UTC date changed during the run: run it again');
    const before = await arm(null);
    await arm(Math.round((before + product.price) * 100) / 100);
    const { sent, answered } = await placeOrder();
    const seen = await seenAt();
    const run = { post: answered - sent, answeredToChart: seen - answered, sentToChart: seen - sent };
    if (i > 0) runs.push(run);
    console.log(
      `${i === 0 ? 'warm-up' : `order ${i}`}: POST answered in ${run.post.toFixed(1)} ms; chart updated ${run.answeredToChart.toFixed(1)} ms after the answer (${run.sentToChart.toFixed(1)} ms after the POST was sent)`,
    );
  }
  const line = (label: string, values: number[]) =>
    console.log(
      `${label.padEnd(24)} median ${median(values).toFixed(1)} ms (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)}, ${values.length} orders)`,
    );
  line(
    'POST /api/orders',
    runs.map((r) => r.post),
  );
  line(
    'answered → chart update',
    runs.map((r) => r.answeredToChart),
  );
  line(
    'sent → chart update',
    runs.map((r) => r.sentToChart),
  );
  console.log('(a negative figure: the chart moved before the answer was read; the shop runs in this process)');
  await context.close();
} finally {
  await browser.close();
  await shop.stop(2_000);
  await rm(dataDir, { recursive: true, force: true });
}
