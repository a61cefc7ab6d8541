import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Order } from '#contracts/order.ts';
import type { Product } from '#contracts/product.ts';
import { PAYMENT_TEXTS } from '#machines/checkout/payment.machine.ts';
import { cancelReasonText, ORDER_TEXTS, type OrderContext, type OrderViewer } from '#machines/order/order.machine.ts';
import { createOracle, e2ePaths, type E2ePath } from '#machines/testing/e2e-paths.ts';
import { CSRF, loginByApi, placeOrder } from '../support/journeys.ts';
import { DEMO_ADMIN, DEMO_USER, expect, skipOnStaging, test } from '../support/shop.ts';
import { describeStep, orderE2eModel, orderStepKey, SERVER_TEXTS, setupOf, type OrderSetup } from './order-sample.ts';
import { expectFullCoverage, type Excluded } from './report.ts';

skipOnStaging("makes each path's order through the API, and has the admin mark orders delivered, which no cancel undoes");

/*
 * The order page walked along paths generated from the order machine, as the buyer
 * (cod and wallet orders, paying with the Test wallet, cancelling) and as the admin (marking
 * delivered, cancelling). Each path opens a fresh order; every step is a click, and what the
 * page shows is checked against the machine's snapshot after the same event (the oracle).
 */

/**
 * Transitions no browser step can take, each with why; the coverage assertion forgives only
 * these. Empty: a load without answer is made by aborting the request, a conflict by the other
 * party acting through the API just before the click.
 */
const EXCLUDED: Excluded[] = [];

const VIEWERS: OrderViewer[] = ['user', 'admin'];
const paths = VIEWERS.flatMap((viewer) => e2ePaths(orderE2eModel(viewer), orderStepKey));
const oracle = createOracle(orderE2eModel());
const viewerOf = (path: E2ePath) => (path[0]!.before.context as OrderContext).viewer;

test.describe.configure({ mode: 'serial' });

const ok = async (answer: Promise<APIResponse>) => {
  const res = await answer;
  expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true);
  return res.json() as Promise<unknown>;
};

/**
 * The order for one path, made through the API before its page opens: the buyer places it
 * (one unit of the demo product with the most stock), then pays it on the Test wallet's
 * server side, has the admin deliver it, or cancels it (the admin cancels it on the admin's path).
 */
const makeOrder = async (
  setup: OrderSetup,
  buyer: APIRequestContext,
  admin: APIRequestContext,
  canceller: APIRequestContext,
): Promise<string> => {
  const { products } = (await ok(buyer.get('/api/products?sort=name_1'))) as { products: Product[] };
  const product = products.reduce((a, b) => (b.count > a.count ? b : a));
  const order = await placeOrder(buyer, product, setup === 'pp' || setup === 'paid' ? 'pp' : 'cod');
  const id = order._id;
  if (setup === 'paid') {
    const wallet = (await ok(buyer.post(`/api/orders/${id}/wallet-order`, { headers: CSRF }))) as { id: string };
    await ok(buyer.post(`/wallet-simulator/control/orders/${wallet.id}`, { headers: CSRF, data: { action: 'approve' } }));
    await ok(buyer.put(`/api/orders/paid/${id}`, { headers: CSRF, data: { walletOrderId: wallet.id } }));
  }
  if (setup === 'delivered') await ok(admin.put(`/api/orders/delivered/${id}`, { headers: CSRF }));
  if (setup === 'cancelled') await ok(canceller.put(`/api/orders/cancel/${id}`, { headers: CSRF }));
  return id;
};

/** The states where a request is under way: the page is between two things a person reads. */
const inFlight = (s: AnyMachineSnapshot) => s.hasTag('loading') || s.hasTag('cancelling');

/** What the page must show for the oracle's snapshot, as the buyer or the admin reads it. */
const expectPageShows = async (page: Page, s: AnyMachineSnapshot) => {
  const { viewer, order, error } = s.context as OrderContext;
  if (s.hasTag('error')) {
    await expect(page.getByRole('alert').filter({ hasText: error ?? '' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    return;
  }
  const cancelled = page.getByText(`${ORDER_TEXTS.cancelled} (${cancelReasonText(order?.cancelReason, viewer)})`);
  if (s.hasTag('cancelled')) await expect(cancelled).toBeVisible();
  else await expect(page.getByText(ORDER_TEXTS.cancelled)).toHaveCount(0);
  // 'Are you sure?' covers the page: behind it the same page stays, checked once it is closed
  // (delivery asks the same question in its own dialog: only the open one is found)
  const dialog = page.getByRole('dialog', { name: ORDER_TEXTS.confirmCancel });
  if (s.hasTag('confirmCancel') || s.hasTag('confirmDeliver')) return expect(dialog).toBeVisible();
  await expect(dialog).toBeHidden();
  const cancel = page.getByRole('button', { name: ORDER_TEXTS.cancelOrder });
  if (s.hasTag('cancellable')) await expect(cancel).toBeEnabled();
  else await expect(cancel).toHaveCount(0);
  // a refused cancel or delivery: the server's words beside the order
  for (const text of [SERVER_TEXTS.alreadyCancelled, SERVER_TEXTS.cancelledNotDeliverable]) {
    await expect(page.getByText(text)).toHaveCount(text === error ? 1 : 0);
  }
  if (viewer === 'admin') {
    const mark = page.getByRole('button', { name: ORDER_TEXTS.markDelivered });
    if (s.hasTag('cancelled')) await expect(mark).toHaveCount(0);
    else if (s.hasTag('delivered')) await expect(page.getByRole('button', { name: ORDER_TEXTS.finished })).toBeDisabled();
    else if (s.hasTag('deliverable')) await expect(mark).toBeEnabled();
    else {
      await expect(mark).toBeDisabled();
      await expect(page.getByText('A wallet order can be marked delivered once it is paid.')).toBeVisible();
    }
    return;
  }
  const wallet = page.getByRole('button', { name: 'Test wallet', exact: true });
  if (s.hasTag('payPending')) {
    await expect(page.getByText(PAYMENT_TEXTS.payForOrder)).toBeVisible();
    await expect(wallet).toBeEnabled();
  } else await expect(wallet).toHaveCount(0);
  if (s.hasTag('payOnDelivery')) await expect(page.getByRole('button', { name: PAYMENT_TEXTS.payOnDelivery })).toBeDisabled();
  if (s.hasTag('paid') || s.hasTag('delivered')) await expect(page.getByRole('button', { name: PAYMENT_TEXTS.finished })).toBeDisabled();
  await expect(page.getByText(order?.isPaid ? /^Paid on / : 'Not paid yet')).toBeVisible();
  await expect(page.getByText(order?.isDelivered ? /^Delivered at / : 'Not delivered')).toBeVisible();
};

/** The Test wallet's three answers, the two that leave the order unpaid first. */
const payWithTestWallet = async (page: Page) => {
  const wallet = page.getByRole('button', { name: 'Test wallet', exact: true });
  for (const answer of ['Decline payment', 'Cancel']) {
    await wallet.click();
    await page.getByRole('button', { name: answer, exact: true }).click();
    await expect(wallet).toBeEnabled();
    await expect(page.getByText('Not paid yet')).toBeVisible();
  }
  await wallet.click();
  await page.getByRole('button', { name: 'Approve payment', exact: true }).click();
};

type Party = { request: APIRequestContext; orderId: string; cancelledOnServer: boolean };

/**
 * The click for one generated event. A request's answer is chosen before the click: when the
 * next step is a refusal, the other party cancels the order through the API first.
 */
const perform = async (page: Page, event: AnyEventObject, next: AnyEventObject | undefined, other: Party) => {
  const refused = next?.type === 'xstate.error.actor.cancelOrder' || next?.type === 'xstate.error.actor.markDelivered';
  if (refused && !other.cancelledOnServer) {
    await ok(other.request.put(`/api/orders/cancel/${other.orderId}`, { headers: CSRF }));
    other.cancelledOnServer = true;
  }
  const dialog = page.getByRole('dialog', { name: ORDER_TEXTS.confirmCancel });
  switch (event.type) {
    case 'order.reload':
      return page.getByRole('button', { name: 'Try again' }).click();
    case 'order.paid':
      return payWithTestWallet(page);
    case 'order.switchedToCash': {
      // Pay cash on delivery instead is offered once the wallet declined
      await page.getByRole('button', { name: 'Test wallet', exact: true }).click();
      await page.getByRole('button', { name: 'Decline payment', exact: true }).click();
      return page.getByRole('button', { name: PAYMENT_TEXTS.switchToCash }).click();
    }
    case 'order.cancel':
      return page.getByRole('button', { name: ORDER_TEXTS.cancelOrder }).click();
    case 'order.cancelConfirmed':
      return dialog.getByRole('button', { name: 'Yes' }).click();
    case 'order.cancelDismissed':
      return dialog.getByRole('button', { name: 'No' }).click();
    case 'order.markDelivered':
      return page.getByRole('button', { name: ORDER_TEXTS.markDelivered }).click();
    case 'order.deliverConfirmed':
      return page.getByRole('dialog', { name: ORDER_TEXTS.confirmDeliver }).getByRole('button', { name: 'Yes' }).click();
    case 'order.deliverDismissed':
      return page.getByRole('dialog', { name: ORDER_TEXTS.confirmDeliver }).getByRole('button', { name: 'No' }).click();
  }
};

for (const [index, path] of paths.entries()) {
  const viewer = viewerOf(path);
  const names = path.map((s) => describeStep(s.event)).filter(Boolean);
  test(`when the ${viewer === 'admin' ? 'admin' : 'buyer'} goes ${names.join(' → ')} (order path ${index + 1}/${paths.length}), then every step shows what the order machine says`, async ({
    page,
    request,
  }) => {
    // page.request shares the page's session; `request` is the other party (the admin beside the buyer, the buyer beside the admin)
    // Logging in is not this model's subject (the auth model walks the form): both parties log in through the API.
    await loginByApi(page.request, viewer === 'admin' ? DEMO_ADMIN : DEMO_USER);
    await loginByApi(request, viewer === 'admin' ? DEMO_USER : DEMO_ADMIN);
    const [buyer, admin] = viewer === 'admin' ? [request, page.request] : [page.request, request];
    const firstLoad = path.find((s) => s.event.type === 'xstate.done.actor.loadOrder')!.event as unknown as { output: Order };
    const setup = setupOf(firstLoad.output);
    const orderId = await makeOrder(setup, buyer, admin, viewer === 'admin' ? admin : buyer);
    const other: Party = { request, orderId, cancelledOnServer: setup === 'cancelled' };
    const url = `/${viewer === 'admin' ? 'admin' : 'user'}/order-details/${orderId}`;

    let run = oracle.start({ orderId: 'o1', viewer });
    try {
      for (const [i, step] of path.entries()) {
        const after = await run.step(step.event);
        expect(after.value).toEqual(step.after.value);
        await test.step(describeStep(step.event) ?? step.event.type, async () => {
          if (i === 0) {
            if (step.event.type === 'xstate.error.actor.loadOrder')
              await page.route('**/api/orders/user/*', (route) => route.abort(), { times: 1 });
            await page.goto(url);
          } else await perform(page, step.event, path[i + 1]?.event, other);
          if (!inFlight(after)) await expectPageShows(page, after);
        });
      }
      // A fresh visit reads the server's order: the machine resolves it to what the page shows.
      await run.stop();
      run = oracle.start({ orderId: 'o1', viewer }, { newPath: false });
      const saved = (await ok(page.request.get(`/api/orders/user/${orderId}`))) as Order;
      await test.step('reload', async () => {
        await page.reload();
        await expectPageShows(page, await run.step({ type: 'xstate.done.actor.loadOrder', output: saved }));
      });
    } finally {
      await run.stop();
    }
  });
}

test('when every generated path has run, then the browser took every transition of the order machine', () => {
  const report = oracle.report();
  expectFullCoverage(report, EXCLUDED);
  expect(report.paths).toBe(paths.length);
});
