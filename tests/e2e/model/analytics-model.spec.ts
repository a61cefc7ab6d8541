import type { Browser, Page, Route, WebSocket } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { CHAT_EVENTS, type NewOrderPayload } from '#contracts/chat.ts';
import type { HourBucket, Order } from '#contracts/order.ts';
import type { Product } from '#contracts/product.ts';
import { money, totalOf } from '../../../client/features/admin/analytics/chart-data.ts';
import type { AnalyticsContext } from '#machines/analytics/analytics.machine.ts';
import { todayUtc } from '#machines/analytics/chart.ts';
import { createOracle, e2ePaths, type E2eStep } from '#machines/testing/e2e-paths.ts';
import { DEMO_ADMIN, DEMO_USER, expect, skipOnStaging, test } from '../support/shop.ts';
import { analyticsE2eModel, analyticsStepKey, regionDates, type Region } from './analytics-sample.ts';
import { holdRequests } from './held-requests.ts';
import { expectFullCoverage, type Excluded } from './report.ts';

skipOnStaging(
  "a second customer places orders through the API for the admin's socket to hear, and the analysis requests are answered by the test",
);

test.describe.configure({ mode: 'serial' });

// The page takes today from the clock (UTC), as this does.
const today = todayUtc(new Date());
const dates = regionDates(today);
const spec = analyticsE2eModel(today);
const paths = e2ePaths(spec, analyticsStepKey);
const oracle = createOracle(spec);

const LABELS: Record<Region, string> = {
  first: 'Select First Date To Compare',
  second: 'Select Second Date To Compare',
};
const dateOfRequest = (url: URL) => decodeURIComponent(url.pathname.split('/').pop() ?? '');
const isAnalysis = (url: URL, method: string) => url.pathname.startsWith('/api/orders/analysis/') && (method === '' || method === 'GET');
const ANALYSIS_REQUESTS = {
  first: (url: URL, method: string) => isAnalysis(url, method) && dates.first.includes(dateOfRequest(url)),
  second: (url: URL, method: string) => isAnalysis(url, method) && dates.second.includes(dateOfRequest(url)),
};

const regionOf = (step: E2eStep): Region => (/first|First/.test(step.event.type) ? 'first' : 'second');
const dateIn = (ctx: AnalyticsContext, region: Region) => (region === 'first' ? ctx.firstDate : ctx.secondDate);

/** A customer, in a browser context of their own, orders one product: the admin's socket hears of it. */
const placeLiveOrder = async (browser: Browser, baseURL: string): Promise<NewOrderPayload> => {
  const customer = await browser.newContext({ baseURL });
  try {
    const headers = { 'X-CSRF': '1' };
    expect(
      (
        await customer.request.post('/api/users/login', {
          headers,
          data: { ...DEMO_USER, doNotLogout: false },
        })
      ).ok(),
    ).toBe(true);
    const products = ((await (await customer.request.get('/api/products?sort=name_1')).json()) as { products: Product[] }).products;
    const p = products.find((x) => x.count >= 5)!;
    const res = await customer.request.post('/api/orders', {
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
      data: {
        cartItems: [
          {
            productID: p._id,
            name: p.name,
            price: p.price,
            count: p.count,
            quantity: 1,
          },
        ],
        paymentMethod: 'cod',
        orderTotal: { itemsCount: 1, cartSubtotal: p.price },
      },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    const order = (await res.json()) as Order;
    return {
      _id: order._id,
      createdAt: String(order.createdAt),
      orderTotal: { cartSubtotal: order.orderTotal.cartSubtotal },
    };
  } finally {
    await customer.close();
  }
};

/**
 * Watches the page's websockets (the admin's socket tries websocket first); answers a wait until
 * one still open is in the orders room. On a new connection the hub joins an admin to that room
 * and then sends `chat sync` (api/realtime/hub.ts): that frame comes after the join. A socket of
 * the page left behind (/admin/orders) is closed by then, so its frames do not count.
 */
const ordersRoomWatch = (page: Page) => {
  const frame = `42["${CHAT_EVENTS.sync}"`;
  const joined: WebSocket[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => void (String(f.payload).startsWith(frame) && joined.push(ws))));
  return () =>
    expect
      .poll(() => joined.some((ws) => !ws.isClosed()), {
        message: "the admin's socket joined the orders room",
      })
      .toBe(true);
};

/** What /admin/analytics must show for the machine's snapshot: the dates, the title, the spinner, each date's total. */
const expectAnalyticsShows = async (page: Page, s: AnyMachineSnapshot) => {
  const ctx = s.context as AnalyticsContext;
  await expect(page.getByLabel(LABELS.first)).toHaveValue(ctx.firstDate);
  await expect(page.getByLabel(LABELS.second)).toHaveValue(ctx.secondDate);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Black Friday Cumulative Revenue ${ctx.firstDate} VS ${ctx.secondDate}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading the orders ...' })).toHaveCount(s.hasTag('loading') ? 1 : 0);
  for (const region of ['first', 'second'] as const) {
    const date = dateIn(ctx, region);
    // While the orders load, each total waits as `…` rather than a $0.00 the numbers would belie.
    await expect(page.locator(`[data-total="${date}"]`)).toHaveText(s.hasTag('loading') ? '…' : money(totalOf(ctx[region], date)));
  }
};

for (const [index, path] of paths.entries()) {
  const names = path.map(analyticsStepKey);
  test(`when an admin goes ${names.join(' → ')} (analytics path ${index + 1}/${paths.length}), then every step shows what the analytics machine says`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    const gate = await holdRequests(page, ANALYSIS_REQUESTS);
    const aborted: string[] = [];
    page.on('requestfailed', (r) => {
      const url = new URL(r.url());
      if (isAnalysis(url, r.method())) aborted.push(dateOfRequest(url));
    });
    const joinedOrdersRoom = ordersRoomWatch(page);
    await page.goto('/admin/analytics');
    const run = oracle.start({ today });
    try {
      await expectAnalyticsShows(page, run.snapshot());
      for (const [i, step] of path.entries()) {
        const region = regionOf(step);
        const before = run.snapshot();
        const ctx = before.context as AnalyticsContext;
        let after: AnyMachineSnapshot;
        if (step.event.type.startsWith('xstate.done.actor.')) {
          // the real server's hourly buckets of that date, handed to the page and to the oracle alike
          const date = dateIn(ctx, region);
          let resolve: (hours: HourBucket[]) => void = () => undefined;
          const answered = new Promise<HourBucket[]>((r) => (resolve = r));
          let bucket: string | null = null;
          const shape = async (route: Route) => {
            const url = new URL(route.request().url());
            // a request of the date the admin left was already aborted by the page
            if (dateOfRequest(url) !== date) return route.abort();
            bucket = url.searchParams.get('bucket');
            const res = await route.fetch();
            const hours = (await res.json()) as HourBucket[];
            await route.fulfill({ response: res, json: hours });
            resolve(hours);
          };
          await test.step(names[i]!, () => gate.release(region, { shape }));
          const hours = await answered;
          // the page asks for the day's 24 hours (about 1 KB), never its orders
          expect(bucket).toBe('hour');
          after = await run.step({ ...step.event, output: hours });
        } else if (step.event.type.startsWith('xstate.error.actor.')) {
          await test.step(names[i]!, () => gate.release(region, { fail: { status: 500, message: 'down' } }));
          after = await run.step(step.event);
        } else if (step.event.type === 'analytics.newOrder') {
          await joinedOrdersRoom();
          const order = await test.step(names[i]!, () => placeLiveOrder(browser, baseURL!));
          after = await run.step({ type: 'analytics.newOrder', order });
          // the chart moved: today's total grew by the order's amount
          const grown = totalOf((after.context as AnalyticsContext).first, today) - totalOf(ctx.first, today);
          expect(grown).toBeCloseTo(order.orderTotal.cartSubtotal, 2);
        } else {
          const old = dateIn(ctx, region);
          const wasLoading = (before.value as Record<Region, string>)[region] === 'loading';
          gate.rearm(region);
          after = await run.step(step.event);
          await test.step(names[i]!, () => page.getByLabel(LABELS[region]).fill(String(step.event.date)));
          // a superseded fetch is cancelled in the browser: its request is aborted, its orders never show
          if (wasLoading)
            await expect
              .poll(() => aborted.includes(old), {
                message: `the request for ${old} was aborted`,
              })
              .toBe(true);
          await expect(page.locator(`[data-total="${old}"]`)).toHaveCount(0);
        }
        expect(after.value).toEqual(step.after.value);
        await expectAnalyticsShows(page, after);
      }
    } finally {
      await run.stop();
    }
  });
}

/** Transitions no browser step can take, each with the reason. */
const EXCLUDED: Excluded[] = [];

test('when every analytics path above has run, then together they took every transition of the analytics machine', () => {
  expectFullCoverage(oracle.report(), EXCLUDED);
});
