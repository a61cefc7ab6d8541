import type { Page } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { CartItem, Order } from '#contracts/order.ts';
import { PAYMENT_TEXTS } from '#machines/checkout/payment.machine.ts';
import { WALLET_UNAVAILABLE } from '../../../client/features/payment/wallet-sdk.ts';
import { expect } from '../support/shop.ts';
import { SWITCH_REFUSED } from './checkout-sample.ts';

/** A fresh unpaid wallet order of one `line`, placed by the logged-in customer through the shop's API. */
export const placeWalletOrder = async (page: Page, line: CartItem): Promise<Pick<Order, '_id'>> => {
  const res = await page.request.post('/api/orders', {
    headers: { 'X-CSRF': '1', 'Idempotency-Key': crypto.randomUUID() },
    data: { cartItems: [{ ...line, quantity: 1 }], paymentMethod: 'pp', orderTotal: { itemsCount: 1, cartSubtotal: line.price } },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as Pick<Order, '_id'>;
};

/** The payment machine's log lines, as the order page writes them to the console. */
const logged = (page: Page) => {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(m.text()));
  return lines;
};
const logs = new WeakMap<Page, string[]>();

/**
 * What the buyer does on the order page for a generated payment step. The wallet's decision
 * is made on the server's answer that follows `payment.approved` (Approve: paid; Decline: the
 * capture is refused), so `payment.approved` itself needs no click of its own.
 */
export const payOnPage = async (page: Page, orderId: string, event: AnyEventObject, next?: AnyEventObject) => {
  const wallet = page.getByRole('button', { name: 'Test wallet', exact: true });
  switch (event.type) {
    case 'payment.switchToCash':
      // the server's answer is chosen before the click: a refusal is answered in this browser
      if (next?.type === 'xstate.error.actor.switchToCash')
        await page.route('**/api/orders/cash-on-delivery/*', (route) => route.fulfill({ status: 409, json: SWITCH_REFUSED }), { times: 1 });
      return page.getByRole('button', { name: PAYMENT_TEXTS.switchToCash }).click();
    case 'xstate.error.actor.loadWallet':
    case 'xstate.done.actor.loadWallet':
      // the page opens; for the error its wallet does not load
      if (event.type.startsWith('xstate.error.'))
        await page.route('**/api/payments/config', (route) => route.fulfill({ status: 503, json: { message: 'The wallet is down' } }));
      if (!logs.has(page)) logs.set(page, logged(page));
      return page.goto(`/user/order-details/${orderId}`);
    case 'xstate.done.actor.confirmPaid':
      await wallet.click();
      return page.getByRole('button', { name: 'Approve payment' }).click();
    case 'xstate.error.actor.confirmPaid':
      await wallet.click();
      return page.getByRole('button', { name: 'Decline payment' }).click();
    case 'payment.cancelled':
      await wallet.click();
      return page.getByRole('button', { name: 'Cancel', exact: true }).click();
    case 'payment.failed':
      // the wallet cannot start its order: its onError reports to the page
      await page.route(
        '**/api/orders/*/wallet-order',
        (route) => route.fulfill({ status: 500, json: { message: 'The wallet order failed' } }),
        { times: 1 },
      );
      return wallet.click();
  }
};

/** What the order page must show for the payment machine's snapshot (and, after a step, what it logged). */
export const expectPaymentShows = async (page: Page, s: AnyMachineSnapshot, event?: AnyEventObject) => {
  if (s.hasTag('paid')) return expect(page.getByRole('button', { name: PAYMENT_TEXTS.finished })).toBeDisabled();
  if (s.hasTag('payOnDelivery')) {
    // cash on delivery, chosen at the checkout or instead of the wallet: the order says so, the wallet is gone
    await expect(page.getByText('Cash on delivery', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Test wallet', exact: true })).toHaveCount(0);
    return expect(page.getByRole('button', { name: PAYMENT_TEXTS.payOnDelivery })).toBeDisabled();
  }
  await expect(page.getByText(PAYMENT_TEXTS.payForOrder)).toBeVisible();
  await expect(page.getByText('Not paid yet')).toBeVisible();
  if (s.hasTag('walletUnavailable')) {
    await expect(page.getByRole('button', { name: 'Pay with Card wallet' })).toBeDisabled();
    await expect(page.getByText(WALLET_UNAVAILABLE)).toBeVisible();
  }
  if (s.hasTag('showWallet')) {
    await expect(page.getByRole('button', { name: 'Test wallet', exact: true })).toBeEnabled();
    // the decisions only once Test wallet made the wallet order
    await expect(page.getByRole('button', { name: 'Approve payment' })).toHaveCount(0);
  }
  // Cash on delivery instead, offered after a refusal or without a wallet; a refused switch says why.
  const switchToCash = page.getByRole('button', { name: PAYMENT_TEXTS.switchToCash });
  if (s.hasTag('canSwitchToCash')) await expect(switchToCash).toBeEnabled();
  else await expect(switchToCash).toHaveCount(0);
  const refused = s.hasTag('switchRefused');
  await expect(page.getByText(SWITCH_REFUSED.message, { exact: true })).toHaveCount(refused ? 1 : 0);
  // A declined or cancelled payment says so on the page (spec amendment to section 8) ...
  for (const [tag, text] of [
    ['paymentDeclined', PAYMENT_TEXTS.notPaid],
    ['paymentCancelled', PAYMENT_TEXTS.cancelled],
  ] as const) {
    await expect(page.getByText(text, { exact: true })).toHaveCount(s.hasTag(tag) && !refused ? 1 : 0);
  }
  // ... and is logged (spec sections 7 and 8): the machine's log line is on the console.
  const line = event?.type === 'payment.cancelled' ? 'Payment cancelled' : event?.type === 'payment.failed' ? 'Payment error' : null;
  if (line) await expect.poll(() => logs.get(page)?.includes(`[payment] ${line}`)).toBe(true);
};
