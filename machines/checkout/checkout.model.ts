import { hasShippingProfile } from '#contracts/value-rules.ts';
import { formatUsd } from '../shared/money.ts';
import { assertEqual, assertTrue } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import type { CartItem } from '#contracts/order.ts';
import { CHECKOUT_TEXTS, checkoutMachine, PLACE_TIMEOUT_MS, STILL_WORKING_MS, type CheckoutContext } from './checkout.machine.ts';
import { completeProfile, incompleteProfile, laptopDearer, lines, startCart, unchanged } from './fixtures.ts';
import { PAYMENT_TEXTS, paymentMachine, type PaymentContext } from './payment.machine.ts';
import { codOrder } from '../order/fixtures.ts';

type CheckoutEvent = ModelEvent<typeof checkoutMachine>;

const emptyCart: CheckoutEvent = { type: 'checkout.cartChanged', items: [], itemsCount: 0, cartSubtotal: 0 };

const checkoutEvents: CheckoutEvent[] = [
  { type: 'xstate.done.actor.loadProfile', output: completeProfile },
  { type: 'xstate.done.actor.loadProfile', output: incompleteProfile },
  { type: 'xstate.error.actor.loadProfile', error: { status: 500, message: 'down' } },
  { type: 'checkout.retry' },
  { type: 'xstate.done.actor.reprice', output: unchanged },
  { type: 'xstate.done.actor.reprice', output: laptopDearer },
  { type: 'xstate.error.actor.reprice', error: { status: 0, message: 'Network down' } },
  { type: 'checkout.recheckPrices' },
  emptyCart,
  { type: 'checkout.setPaymentMethod', method: 'cod' },
  { type: 'checkout.setPaymentMethod', method: 'card' },
  { type: 'checkout.placeOrder' },
  { type: 'xstate.done.actor.createOrder', output: { _id: 'o1' } },
  { type: 'xstate.error.actor.createOrder', error: { status: 400, message: 'Only 1 left' } },
];

const method = (m: string) => (m === 'cod' ? 'cash on delivery' : m === 'pp' ? 'the wallet' : `"${m}"`);
const notices = (c: CheckoutContext) =>
  [...c.notes, ...(c.priceError ? [c.priceError] : []), ...(c.error ? [c.error] : [])].map((n) => `"${n}"`).join(' and ');
const withNotices = (c: CheckoutContext, s: string) => (notices(c) ? `${s}, with ${notices(c)}` : s);
const lineCount = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/** The test plan's sentences (docs/machines/checkout.plan.md). */
const checkoutDescribe: ModelPlan<typeof checkoutMachine> = {
  states: {
    'open.loadingProfile': ({ context }) =>
      `the checkout of ${lineCount(context.itemsCount)} for ${formatUsd(context.cartSubtotal)} loads the profile`,
    'open.loadFailed': ({ context }) => `the checkout shows "${context.error}" and Retry`,
    'open.repricing': ({ context }) => `"Checking the current prices ..." is shown for ${lineCount(context.itemsCount)}`,
    'open.summary.checking': '',
    'open.summary.blocked': ({ context }) =>
      withNotices(context, `Place order is disabled (${context.items.length === 0 ? 'empty cart' : 'incomplete profile'})`),
    'open.summary.ready': ({ context }) =>
      withNotices(
        context,
        `Place order is enabled for ${lineCount(context.itemsCount)} at ${formatUsd(context.cartSubtotal)}, paying with ${method(context.paymentMethod)}`,
      ),
    'open.confirming': 'the prices are checked once more before ordering',
    'open.placing': ({ context }) =>
      context.slow ? `the order is being placed; Place order says "${CHECKOUT_TEXTS.stillWorking}"` : 'the order is being placed',
    placed: ({ context }) => `order ${context.orderId} is placed and the cart is emptied`,
  },
  events: {
    'xstate.done.actor.loadProfile': (e) =>
      `the profile arrives ${hasShippingProfile(e.output) ? 'complete' : 'without a complete address'}`,
    'xstate.error.actor.loadProfile': (e) => `the profile call fails (${e.error.status})`,
    'checkout.retry': 'the shopper presses Retry',
    'xstate.done.actor.reprice': (e) =>
      e.output.notes.length ? `the server's prices differ: ${e.output.notes.join(' ')}` : "the server's prices are unchanged",
    'xstate.error.actor.reprice': (e) => `the price check fails ("${e.error.message}")`,
    'checkout.recheckPrices': 'the shopper asks to check the prices again',
    'checkout.cartChanged': (e) =>
      e.items.length ? `the cart changes to ${lineCount(e.itemsCount)} for ${formatUsd(e.cartSubtotal)}` : 'the cart is emptied elsewhere',
    'checkout.setPaymentMethod': (e) => `the shopper chooses ${method(e.method)}`,
    'checkout.placeOrder': 'the shopper presses Place order',
    'xstate.done.actor.createOrder': (e) => `the server creates order ${e.output._id}`,
    'xstate.error.actor.createOrder': (e) => `the server refuses the order: "${e.error.message}"`,
    'xstate.after.stillWorking': `no answer for ${STILL_WORKING_MS / 1000} s: Place order says "${CHECKOUT_TEXTS.stillWorking}"`,
    'xstate.after.placeTimeout': `no answer for ${PLACE_TIMEOUT_MS / 1000} s: the call is given up with "${CHECKOUT_TEXTS.noAnswer}"`,
  },
};

export const checkoutModel = (): ModelSpec<typeof checkoutMachine> => {
  const control = createControl();
  // The cart of the replay running now: the rules count what the checkout sent it.
  let cart = startCart();
  const withCart = (items: CartItem[]) => () => {
    cart.cart.stop();
    cart = startCart(items);
    return { userId: 'u1', cart: cart.cart, idempotencyKey: 'k1' };
  };
  return {
    name: 'checkout',
    // The cart follows itself in the app (watchCart); here its changes are sample events.
    machine: checkoutMachine.provide({
      actors: { loadProfile: control.promise(), reprice: control.promise(), createOrder: control.promise(), watchCart: control.callback() },
    }),
    control,
    inputs: [withCart(lines), withCart([])],
    events: checkoutEvents,
    select: (c) => ({
      paymentMethod: c.paymentMethod,
      orderId: c.orderId,
      error: c.error,
      profile: c.profile?._id,
      items: c.items.length,
      notes: c.notes,
      priceError: c.priceError,
    }),
    check: (before, event, after) => {
      const ctx = after.context;
      if (after.hasTag('canPlaceOrder'))
        assertTrue(
          ctx.profile !== null && hasShippingProfile(ctx.profile) && ctx.items.length > 0,
          'ordering needs the shipping profile and a cart',
        );
      if (event.type === 'checkout.placeOrder') {
        // One order however often it is pressed: only an allowed press starts the last price check, others change nothing.
        assertEqual(after.hasTag('confirmingPrices'), before.hasTag('canPlaceOrder'), 'Place order works only when allowed');
        if (!before.hasTag('canPlaceOrder')) assertEqual(after.value, before.value, 'an extra press changes nothing');
      }
      if (after.hasTag('placing') && !before.hasTag('placing')) {
        assertTrue(
          before.hasTag('confirmingPrices') && event.type === 'xstate.done.actor.reprice' && event.output.notes.length === 0,
          'an order goes out only after a price check that found no change',
        );
      }
      if (event.type === 'xstate.done.actor.reprice') assertEqual(ctx.notes, event.output.notes, 'the reprice notice is in context');
      assertEqual(cart.clears(), after.hasTag('placed') ? 1 : 0, 'the cart is emptied once, when the order is placed, never otherwise');
      if (event.type === 'checkout.setPaymentMethod') assertTrue(['pp', 'cod'].includes(ctx.paymentMethod), 'only pp and cod');
    },
    describe: checkoutDescribe,
  };
};

const paymentEvents: ModelEvent<typeof paymentMachine>[] = [
  { type: 'xstate.done.actor.loadWallet', output: undefined },
  { type: 'xstate.error.actor.loadWallet', error: { status: 0, message: 'blocked' } },
  { type: 'payment.retry' },
  { type: 'payment.approved', walletOrderId: 'w1' },
  { type: 'payment.approved', walletOrderId: '' },
  { type: 'payment.cancelled' },
  { type: 'payment.failed', message: 'boom' },
  { type: 'xstate.done.actor.confirmPaid', output: { isPaid: true, paidAt: '2026-11-22T10:00:00Z' } },
  { type: 'xstate.done.actor.confirmPaid', output: { isPaid: false, paidAt: null } },
  { type: 'xstate.error.actor.confirmPaid', error: { status: 400, message: 'amount differs' } },
  { type: 'payment.switchToCash' },
  { type: 'xstate.done.actor.switchToCash', output: codOrder },
  {
    type: 'xstate.error.actor.switchToCash',
    error: { status: 409, message: 'This order is paid: its payment method can no longer change.' },
  },
];

/** The test plan's sentences (docs/machines/payment.plan.md). */
const paymentDescribe: ModelPlan<typeof paymentMachine> = {
  states: {
    choosing: '',
    cashOnDelivery: 'the order is paid on delivery',
    loadingWallet: ({ context }) => `the wallet loads for ${formatUsd(context.cartSubtotal)}`,
    'walletUnavailable.offered': 'the wallet could not load and Retry is offered',
    'walletUnavailable.switchRefused': ({ context }) =>
      `the wallet could not load and "${context.switchError}" shows with "${PAYMENT_TEXTS.switchToCash}" to try again`,
    'awaitingApproval.ready': 'the wallet buttons are shown',
    'awaitingApproval.declined':
      'the wallet buttons are shown again with "The payment did not go through. Try again or choose another way to pay."',
    'awaitingApproval.cancelled': 'the wallet buttons are shown again with "Payment cancelled."',
    'awaitingApproval.switchRefused': ({ context }) => `the wallet buttons are shown again with "${context.switchError}"`,
    switchingToCash: 'the order is moved to cash on delivery',
    verifying: 'the server verifies the payment',
    paid: 'the order is paid',
  },
  events: {
    'xstate.done.actor.loadWallet': 'the wallet loads',
    'xstate.error.actor.loadWallet': 'the wallet fails to load',
    'payment.retry': 'the buyer presses Retry',
    'payment.approved': (e) =>
      e.walletOrderId ? `the buyer approves wallet order ${e.walletOrderId}` : 'the wallet approves without an order',
    'payment.cancelled': 'the buyer cancels in the wallet',
    'payment.failed': (e) => `the wallet reports an error ("${e.message}")`,
    'xstate.done.actor.confirmPaid': (e) => (e.output.isPaid ? 'the server records the payment' : 'the server does not record the payment'),
    'xstate.error.actor.confirmPaid': (e) => `the server refuses the capture ("${e.error.message}")`,
    'payment.switchToCash': `the buyer presses "${PAYMENT_TEXTS.switchToCash}"`,
    'xstate.done.actor.switchToCash': 'the server moves the order to cash on delivery',
    'xstate.error.actor.switchToCash': (e) => `the server keeps the wallet ("${e.error.message}")`,
  },
};

export const paymentModel = (): ModelSpec<typeof paymentMachine> => {
  const control = createControl();
  const base = { orderId: 'o1', cartSubtotal: 20.3 };
  return {
    name: 'payment',
    machine: paymentMachine.provide({
      actors: { loadWallet: control.promise(), confirmPaid: control.promise(), switchToCash: control.promise() },
    }),
    control,
    inputs: [
      () => ({ ...base, paymentMethod: 'pp', isPaid: false }),
      () => ({ ...base, paymentMethod: 'cod', isPaid: false }),
      () => ({ ...base, paymentMethod: 'pp', isPaid: true }),
    ],
    events: paymentEvents,
    select: (c: PaymentContext) => ({ isPaid: c.isPaid, paidAt: c.paidAt, walletOrderId: c.walletOrderId }),
    check: (before, event, after) => {
      const ctx = after.context;
      assertTrue(!(ctx.paymentMethod === 'cod' && after.hasTag('paid') && !before.hasTag('paid')), 'cod is never paid here');
      if (after.hasTag('paid') && !before.hasTag('paid')) {
        assertTrue(event.type === 'xstate.done.actor.confirmPaid' && event.output.isPaid, 'paid only when the server records it');
        assertTrue(Boolean(ctx.walletOrderId), 'paid only for an approved wallet order');
      }
      const refused =
        (event.type === 'payment.failed' && before.hasTag('showWallet')) ||
        (event.type === 'xstate.error.actor.confirmPaid' && before.matches('verifying'));
      if (refused)
        assertTrue(after.hasTag('paymentDeclined') && !after.hasTag('paid'), 'a refused payment says so and leaves the order unpaid');
      if (after.hasTag('switchingToCash'))
        assertTrue(
          before.hasTag('canSwitchToCash'),
          'cash on delivery is offered only after a declined or cancelled payment, or without a wallet',
        );
      if (event.type === 'xstate.done.actor.switchToCash' && before.hasTag('switchingToCash'))
        assertTrue(after.hasTag('payOnDelivery') && ctx.paymentMethod === 'cod', 'a switched order waits for delivery');
      if (event.type === 'xstate.error.actor.switchToCash' && before.hasTag('switchingToCash'))
        assertTrue(
          after.hasTag('switchRefused') && after.hasTag('canSwitchToCash') && Boolean(ctx.switchError),
          'a refused switch says why and can be tried again, with or without the wallet',
        );
      if (event.type === 'payment.cancelled' && before.hasTag('showWallet'))
        assertTrue(after.hasTag('paymentCancelled') && !after.hasTag('paid'), 'a cancelled payment says so and leaves the order unpaid');
    },
    describe: paymentDescribe,
  };
};
