import type { BrowserContext, Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import type { Product } from '#contracts/product.ts';
import { repriceLines } from '../../../client/features/checkout/reprice.ts';
import { formatDollars } from '../../../client/ui/money.ts';
import { totalsOf, writeCart } from '#machines/cart/cart-storage.ts';
import {
  CHECKOUT_TEXTS,
  PLACE_TIMEOUT_MS,
  STILL_WORKING_MS,
  type CheckoutContext,
  type Repricing,
} from '#machines/checkout/checkout.machine.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { flush } from '#machines/testing/controlled-actors.ts';
import { createOracle, e2ePaths, e2eWalks, type E2ePath, type E2eStep } from '#machines/testing/e2e-paths.ts';
import { loginByApi, signIn } from '../support/journeys.ts';
import { account, DEMO_USER, expect, skipOnStaging, test } from '../support/shop.ts';
import {
  CHECKOUT_FAILURES,
  checkoutE2eModel,
  checkoutStepKey,
  otherTabRemoves,
  paymentE2eModel,
  repriceKind,
  startCart,
  paymentStepKey,
} from './checkout-sample.ts';
import { holdRequests } from './held-requests.ts';
import { expectFullCoverage, type Excluded } from './report.ts';
import { expectPaymentShows, payOnPage, placeWalletOrder } from './payment-steps.ts';

test.describe.configure({ mode: 'serial' });

// Paths depend only on how many lines the cart has: they are generated from stand-in lines.
const STAND_IN: CartItem[] = ['a', 'b'].map((id) => ({ productID: id, name: id, price: 10, count: 50, quantity: 1 }));
const checkoutPaths = e2ePaths(checkoutE2eModel(STAND_IN), checkoutStepKey);
// The oracle follows the real cart actor it is given, as the page does (its watchCart is real).
const checkoutOracle = createOracle(checkoutE2eModel(STAND_IN, true));
const paymentOracle = createOracle(paymentE2eModel());
let lines: CartItem[] = [];

/** Two demo products with plenty in stock (every path may place an order), one of each in the cart. */
test.beforeAll(async ({ request }) => {
  const res = await request.get('/api/products?sort=name_1');
  const list = ((await res.json()) as { products: Product[] }).products.filter((p) => p.count >= 20);
  lines = list
    .slice(0, 2)
    .map((p) => ({ productID: p._id, name: p.name, price: p.price, count: p.count, image: p.images[0], quantity: 1 }));
  expect(lines).toHaveLength(2);
});

const CHECKOUT_REQUESTS = {
  profile: (url: URL, method: string) => url.pathname.startsWith('/api/users/profile/') && (method === '' || method === 'GET'),
  prices: (url: URL, method: string) => url.pathname.startsWith('/api/products/get-one/') && (method === '' || method === 'GET'),
  order: (url: URL, method: string) => url.pathname === '/api/orders' && (method === '' || method === 'POST'),
};

/** What the server has for each line at a reprice: the line as it stands, the first one dearer by $1 for a "dearer" step. */
const serverLine = (items: CartItem[], dearer: boolean) => (item: CartItem) => ({
  ...item,
  price: item.price + (dearer && item === items[0] ? 1 : 0),
});

/** The oracle's reprice answer, built as the page builds it (repriceLines) from the same server lines. */
const repricing = (items: CartItem[], step: E2eStep): Repricing =>
  repriceKind(step.event) === 'unchanged'
    ? { update: [], remove: [], notes: [] }
    : repriceLines(
        items.map((item) => ({ item, product: { ...serverLine(items, true)(item), _id: item.productID } as unknown as Product })),
      );

/** The browser's get-one answer: the real product, with the price and stock of that same server line. */
const shapePrices = (items: CartItem[], dearer: boolean) => async (route: Route) => {
  const id = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop() ?? '');
  const item = items.find((i) => i.productID === id);
  if (!item) return route.fallback();
  const res = await route.fetch();
  const line = serverLine(items, dearer)(item);
  await route.fulfill({ response: res, json: { ...((await res.json()) as Product), price: line.price, count: line.count } });
};

type Gate = Awaited<ReturnType<typeof holdRequests<keyof typeof CHECKOUT_REQUESTS>>>;

const perform = async (page: Page, gate: Gate, otherTab: Page | null, step: E2eStep, items: CartItem[]) => {
  const { event } = step;
  switch (event.type) {
    case 'xstate.done.actor.loadProfile':
      return gate.release('profile', { pass: true });
    case 'xstate.error.actor.loadProfile':
      return gate.release('profile', { fail: CHECKOUT_FAILURES.profile });
    case 'xstate.done.actor.reprice':
      return gate.release('prices', { shape: shapePrices(items, repriceKind(event) === 'dearer') });
    case 'xstate.error.actor.reprice':
      return gate.release('prices', { fail: CHECKOUT_FAILURES.prices });
    case 'xstate.done.actor.createOrder':
      return gate.release('order', { pass: true });
    case 'xstate.error.actor.createOrder':
      return gate.release('order', { fail: CHECKOUT_FAILURES.order });
  }
  // The page's own timers: its clock (installed before the checkout opens) jumps on. Both run
  // from the moment the page starts placing, which sends the order: the clock jumps only once
  // that request is held, else a page still confirming its prices (a loaded machine) schedules
  // them after the jump and they run in real time, past the step's wait.
  if (event.type.startsWith('xstate.after.')) await expect.poll(() => gate.waiting('order')).toBeGreaterThan(0);
  if (event.type.startsWith('xstate.after.stillWorking')) return page.clock.fastForward(STILL_WORKING_MS);
  if (event.type.startsWith('xstate.after.placeTimeout')) return page.clock.fastForward(PLACE_TIMEOUT_MS);
  // The person acts: whatever the page asks next is held again until its answer step.
  gate.rearm();
  switch (event.type) {
    case 'checkout.retry':
    case 'checkout.recheckPrices':
      return page.getByRole('button', { name: 'Try again' }).click();
    case 'checkout.setPaymentMethod':
      return page.getByLabel('Choose how you pay').selectOption(String(event.method));
    case 'checkout.placeOrder':
      return page.getByRole('button', { name: 'Place order' }).click();
    case 'checkout.cartChanged': {
      const gone = items.at(-1)!;
      await otherTab!.getByRole('button', { name: `Remove ${gone.name}` }).click();
      return otherTab!.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    }
  }
};

/** What the checkout page must show for the machine's snapshot. */
const expectCheckoutShows = async (page: Page, s: AnyMachineSnapshot) => {
  const ctx = s.context as CheckoutContext;
  if (s.hasTag('placed')) return expect(page).toHaveURL(/\/user\/order-details\/[^/]+$/);
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  if (s.hasTag('error')) {
    await expect(page.getByRole('alert').filter({ hasText: ctx.error ?? '' })).toBeVisible();
    return expect(tryAgain).toBeVisible();
  }
  const notice = page.getByText(CHECKOUT_TEXTS.repriced);
  if (ctx.notes.length > 0) for (const text of [CHECKOUT_TEXTS.repriced, ...ctx.notes]) await expect(page.getByText(text)).toBeVisible();
  else await expect(notice).toHaveCount(0);
  if (ctx.priceError) await expect(page.getByText(ctx.priceError)).toBeVisible();
  else await expect(page.getByText(CHECKOUT_TEXTS.priceCheckFailed)).toHaveCount(0);
  const placeOrder = page.getByRole('button', { name: 'Place order' });
  if (s.hasTag('checkingPrices')) {
    await expect(page.getByRole('status').filter({ hasText: 'Checking the current prices ...' })).toHaveCount(1);
    return expect(placeOrder).toHaveCount(0);
  }
  if (s.hasTag('canPlaceOrder')) await expect(placeOrder).toBeEnabled();
  else await expect(placeOrder).toBeDisabled();
  if (s.hasTag('confirmingPrices')) await expect(placeOrder).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByLabel('Choose how you pay')).toHaveValue(ctx.paymentMethod);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(`Total price: ${formatDollars(ctx.cartSubtotal)}`);
  if (ctx.items.length === 0) await expect(page.getByText(CHECKOUT_TEXTS.empty)).toBeVisible();
  else await expect(page.getByRole('list', { name: 'Order items' }).getByRole('listitem')).toHaveCount(ctx.items.length);
  if (ctx.error) await expect(page.getByRole('alert').filter({ hasText: ctx.error })).toBeVisible();
  else if (s.hasTag('blocked') && ctx.items.length > 0) await expect(page.getByText(CHECKOUT_TEXTS.fillProfile)).toBeVisible();
};

/** Another tab of the same shopper, open on the cart before the checkout starts. */
const openOtherTab = async (context: BrowserContext) => {
  const tab = await context.newPage();
  await tab.goto('/cart');
  await expect(tab.getByRole('list', { name: 'Products in your cart' }).getByRole('listitem')).toHaveCount(lines.length);
  return tab;
};

const describe = (path: E2ePath) => path.map((step) => checkoutStepKey(step)).join(' → ');

for (const [index, path] of checkoutPaths.entries()) {
  test(`when a shopper goes ${describe(path)} (checkout path ${index + 1}/${checkoutPaths.length}), then every step shows what the checkout machine says`, async ({
    page,
    context,
  }) => {
    // Neither logging in nor filling the cart is this model's subject: the session comes from the
    // API (the login form on a staging run), the cart is written into the shop's storage from a bare document of its origin (the
    // favicon), so no page of the shop runs before /cart opens.
    await signIn(page, account('user'));
    const stored = memoryStorage();
    writeCart(stored, totalsOf(lines));
    await page.goto('/favicon.svg');
    await page.evaluate((raw) => localStorage.setItem('cart', raw), stored.getItem('cart')!);
    const otherTab = path.some((s) => s.event.type === 'checkout.cartChanged') ? await openOtherTab(context) : null;
    await page.clock.install();
    await page.goto('/cart');
    // the cart page's own stock check asks for the same products: it answers before the gate holds them
    await expect(page.getByRole('button', { name: 'Proceed To Checkout' })).toBeEnabled();
    const gate = await holdRequests(page, CHECKOUT_REQUESTS);
    const cart = startCart(lines);
    const run = checkoutOracle.start({ userId: 'john', cart, idempotencyKey: 'k1' });
    try {
      await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
      for (const step of path) {
        const items = (run.snapshot().context as CheckoutContext).items;
        let after: AnyMachineSnapshot;
        if (step.event.type === 'checkout.cartChanged') {
          // the other tab writes the cart; the checkout hears it through the cart actor
          cart.send({ type: 'cart.remove', productID: otherTabRemoves(run.snapshot().context as CheckoutContext)!.productID });
          await flush();
          after = run.snapshot();
        } else if (step.event.type === 'xstate.done.actor.reprice')
          after = await run.step({ ...step.event, output: repricing(items, step) });
        else after = await run.step(step.event);
        expect(after.value).toEqual(step.after.value);
        await test.step(checkoutStepKey(step), () => perform(page, gate, otherTab, step, items));
        // An empty cart is repriced without a request, so the page never stands in that check.
        const instant = after.hasTag('checkingPrices') && (after.context as CheckoutContext).items.length === 0;
        if (!after.hasTag('loading') && !instant) await expectCheckoutShows(page, after);
        if ((after.context as CheckoutContext).slow) await expect(page.getByRole('button', { name: /Still working…$/ })).toBeDisabled();
      }
      const done = run.snapshot().context as CheckoutContext;
      if (run.snapshot().hasTag('placed')) {
        // the order page: cash on delivery waits for delivery, a wallet order offers the wallet
        const orderId = page.url().split('/').pop()!;
        const pay = paymentOracle.start(
          { orderId, paymentMethod: done.paymentMethod, cartSubtotal: done.cartSubtotal, isPaid: false },
          { newPath: false },
        );
        await expectPaymentShows(page, pay.snapshot());
        await pay.stop();
        await expect(page.locator('header').getByRole('link', { name: 'Cart, empty' })).toBeVisible();
      }
    } finally {
      await run.stop();
      cart.stop();
    }
  });
}

// Walks that go on from where they stand: three pages take every transition a page can.
const paymentPaths = e2eWalks(paymentE2eModel(), paymentStepKey, 12);

for (const [index, path] of paymentPaths.entries()) {
  const names = path.map(({ event }) => event.type.replace(/^xstate\.(done|error)\.actor\./, '$1 ').replace(/^payment\./, ''));
  test(`when a buyer goes ${names.join(' → ')} on a wallet order (payment path ${index + 1}/${paymentPaths.length}), then every step shows what the payment machine says`, async ({
    page,
  }) => {
    skipOnStaging('places its wallet order through the API and pays it on the Test wallet, which a shop with a real wallet does not offer');
    await loginByApi(page.request, DEMO_USER);
    const order = await placeWalletOrder(page, lines[0]!);
    let run = paymentOracle.start({ orderId: order._id, paymentMethod: 'pp', cartSubtotal: lines[0]!.price, isPaid: false });
    try {
      for (const [i, step] of path.entries()) {
        const after = await run.step(step.event);
        expect(after.value).toEqual(step.after.value);
        await test.step(names[i]!, () => payOnPage(page, order._id, step.event, path[i + 1]?.event));
        if (!after.hasTag('loading')) await expectPaymentShows(page, after, step.event);
      }
      if (run.snapshot().hasTag('paid')) {
        // A reload opens the order as the server now has it: paid.
        await run.stop();
        run = paymentOracle.start(
          { orderId: order._id, paymentMethod: 'pp', cartSubtotal: lines[0]!.price, isPaid: true },
          { newPath: false },
        );
        await page.reload();
        await expectPaymentShows(page, run.snapshot());
        await expect(page.getByText(/^Paid on /)).toBeVisible();
      }
    } finally {
      await run.stop();
    }
  });
}

/** Transitions no browser step can take, or one walked elsewhere, each with the reason. */
const CHECKOUT_EXCLUDED: Excluded[] = [];
const PAYMENT_EXCLUDED: Excluded[] = [
  {
    transition: 'payment.walletUnavailable --payment.retry#0-->',
    reason: 'the order page offers no retry once the wallet failed to load (only a reload, which starts a new machine)',
  },
  {
    transition: 'payment.awaitingApproval --payment.approved#1-->',
    reason:
      'the wallet (simulator and real) approves only a wallet order the shop created: an approval without an id never reaches the page',
  },
  {
    transition: 'payment.verifying --xstate.done.actor.confirmPaid#1-->',
    reason: 'PUT /api/orders/paid answers isPaid: true or an error, never isPaid: false',
  },
];

test('when every checkout and payment path above has run, then together they took every transition of both machines', () => {
  expectFullCoverage(checkoutOracle.report(), CHECKOUT_EXCLUDED);
  expectFullCoverage(paymentOracle.report(), PAYMENT_EXCLUDED);
});
