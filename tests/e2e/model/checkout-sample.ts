import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import type { User } from '#contracts/user.ts';
import { totalsOf, writeCart } from '#machines/cart/cart-storage.ts';
import { cartMachine } from '#machines/cart/cart.machine.ts';
import { checkoutMachine, type CheckoutContext } from '#machines/checkout/checkout.machine.ts';
import { paymentMachine } from '#machines/checkout/payment.machine.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { createControl } from '#machines/testing/controlled-actors.ts';
import type { E2eStep } from '#machines/testing/e2e-paths.ts';
import type { ModelSpec } from '#machines/testing/model.ts';

/** The answers the browser makes the server give (the spec shapes each held request to match). */
export const CHECKOUT_FAILURES = {
  profile: { status: 500, message: 'The profile service is down' },
  prices: { status: 503, message: 'Service unavailable' },
  order: { status: 503, message: 'The shop is busy: try again' },
} as const;

/** A complete shipping profile: the demo customer's has every field, so Place order is allowed. */
export const SHIPPING_PROFILE: User = {
  _id: 'john',
  name: 'John',
  lastName: 'Doe',
  email: 'john@doe.com',
  phoneNumber: '555 0100',
  address: '1 Main St',
  country: 'US',
  zipCode: '10001',
  city: 'New York',
  state: 'NY',
  isAdmin: false,
};

/** Which answer a reprice step stands for: the browser's route and the oracle both rebuild it from the lines of the moment. */
export type RepriceKind = 'unchanged' | 'dearer';
export const repriceKind = (event: AnyEventObject): RepriceKind =>
  (event.output as { notes?: string[] } | undefined)?.notes?.length ? 'dearer' : 'unchanged';

/** The cart actor a checkout follows, holding `items` in its own storage. */
export const startCart = (items: CartItem[]) => {
  const storage = memoryStorage();
  writeCart(storage, totalsOf(items));
  return createActor(cartMachine, { input: { storage } }).start();
};

/** What the other tab does to the cart: it removes the last line. */
export const otherTabRemoves = (ctx: CheckoutContext): CartItem | undefined => ctx.items.at(-1);

/**
 * The checkout machine with the sample a shopper can produce in the browser with `lines` in the
 * cart. The cart follows itself in the page (watchCart); here its change is the sample event of
 * another tab removing the last line. Place order and Try again are offered only where the page
 * shows them.
 */
/** `followCart`: the real cart link (for the oracle beside the browser, whose cart changes itself). */
export const checkoutE2eModel = (lines: CartItem[], followCart = false): ModelSpec => {
  const control = createControl();
  const unchanged = { type: 'xstate.done.actor.reprice', output: { update: [], remove: [], notes: [] } };
  const dearer = (ctx: CheckoutContext) => ({
    type: 'xstate.done.actor.reprice',
    output: { update: [{ ...ctx.items[0]!, price: ctx.items[0]!.price + 1 }], remove: [], notes: ['(a price went up)'] },
  });
  const priceError = { type: 'xstate.error.actor.reprice', error: CHECKOUT_FAILURES.prices };
  const cartChanged = (ctx: CheckoutContext): AnyEventObject[] => {
    const gone = otherTabRemoves(ctx);
    return gone ? [{ type: 'checkout.cartChanged', ...totalsOf(ctx.items.filter((i) => i !== gone)) }] : [];
  };
  return {
    name: 'checkout (e2e)',
    machine: checkoutMachine.provide({
      actors: {
        loadProfile: control.promise(),
        reprice: control.promise(),
        createOrder: control.promise(),
        ...(followCart ? {} : { watchCart: control.callback() }),
      },
    }),
    control,
    input: () => ({ userId: 'john', cart: startCart(lines), idempotencyKey: 'k1' }),
    events: (s: AnyMachineSnapshot) => {
      const ctx = s.context as CheckoutContext;
      if (s.matches({ open: 'loadingProfile' }))
        return [
          { type: 'xstate.done.actor.loadProfile', output: SHIPPING_PROFILE },
          { type: 'xstate.error.actor.loadProfile', error: CHECKOUT_FAILURES.profile },
        ];
      if (s.matches({ open: 'loadFailed' })) return [{ type: 'checkout.retry' }, ...cartChanged(ctx)];
      // An empty cart is repriced without a request: it can only answer "unchanged".
      if (s.matches({ open: 'repricing' }) || s.matches({ open: 'confirming' }))
        return ctx.items.length === 0 ? [unchanged] : [unchanged, dearer(ctx), priceError, ...cartChanged(ctx)];
      if (s.matches({ open: 'placing' }))
        return [
          { type: 'xstate.done.actor.createOrder', output: { _id: '(the new order)' } },
          { type: 'xstate.error.actor.createOrder', error: CHECKOUT_FAILURES.order },
        ];
      if (s.matches({ open: 'summary' }))
        return [
          { type: 'checkout.setPaymentMethod', method: ctx.paymentMethod === 'pp' ? 'cod' : 'pp' },
          ...(ctx.priceError ? [{ type: 'checkout.recheckPrices' }] : []),
          ...(s.hasTag('canPlaceOrder') ? [{ type: 'checkout.placeOrder' }] : []),
          ...cartChanged(ctx),
        ];
      return [];
    },
    select: (ctx: CheckoutContext) => ({
      items: ctx.items.length,
      paymentMethod: ctx.paymentMethod,
      error: ctx.error,
      priceError: ctx.priceError,
      notes: ctx.notes,
    }),
  };
};

/** The checkout's step under `open` (summary's ready and blocked are one: the guard, not the person, tells them apart). */
const where = (s: AnyMachineSnapshot) => {
  const open = (s.value as { open?: unknown }).open;
  return typeof open === 'string' ? open : open ? Object.keys(open)[0]! : String(s.value);
};

/**
 * One key per transition a person would tell apart: the step it leaves, the event and, for
 * answers, which answer; placing counts by payment method (both get placed) and a step that
 * leaves Place order blocked (the cart emptied) is its own kind.
 */
export const checkoutStepKey = ({ event, before, after }: E2eStep): string => {
  const ctx = before.context as CheckoutContext;
  const blocked = after.hasTag('blocked') && !before.hasTag('blocked') ? ' → blocked' : '';
  if (event.type === 'xstate.done.actor.reprice') return `${where(before)} reprice ${repriceKind(event)}${blocked}`;
  if (event.type === 'xstate.done.actor.createOrder') return `placed with ${ctx.paymentMethod}`;
  if (event.type === 'checkout.setPaymentMethod') return 'choose a payment method';
  return `${where(before)} ${event.type}${blocked}`;
};

/**
 * The payment machine for an unpaid wallet order, with what the order page lets a buyer do:
 * the wallet loads or not, Test wallet then Approve (paid), Decline (the capture is refused:
 * an error answer), Cancel, or a wallet error. Which decision the buyer made is said by the
 * server's answer that follows `payment.approved`, as in the auth sample.
 */
/** The server's refusal of a switch to cash that the browser makes (the order was paid or cancelled meanwhile, say). */
export const SWITCH_REFUSED = { status: 409, message: 'This order can no longer be moved to cash on delivery.' } as const;

/** The payment machine with what the buyer can make happen on the order page. */
export const paymentE2eModel = (): ModelSpec => {
  const control = createControl();
  return {
    name: 'payment (e2e)',
    machine: paymentMachine.provide({
      actors: { loadWallet: control.promise(), confirmPaid: control.promise(), switchToCash: control.promise() },
    }),
    control,
    input: () => ({ orderId: '(a new wallet order)', paymentMethod: 'pp', cartSubtotal: 10, isPaid: false }),
    // Ordered for the walks (e2eWalks goes on to the nearest kind not walked yet): the refusals
    // first, the server's refusal of a switch before its yes, an approval last (but first after a
    // refused switch beside the wallet, so the walks stay three). A refused switch, with the wallet
    // or without it, offers the switch again.
    events: (s: AnyMachineSnapshot) => {
      const switching = s.hasTag('canSwitchToCash') ? [{ type: 'payment.switchToCash' }] : [];
      if (s.matches('loadingWallet'))
        return [
          { type: 'xstate.done.actor.loadWallet', output: undefined },
          { type: 'xstate.error.actor.loadWallet', error: { status: 503, message: 'wallet down' } },
        ];
      if (s.matches({ awaitingApproval: 'switchRefused' }))
        return [{ type: 'payment.approved', walletOrderId: '(from the wallet)' }, ...switching];
      if (s.matches('awaitingApproval'))
        return [
          { type: 'payment.failed', message: 'Payment error' },
          { type: 'payment.cancelled' },
          ...switching,
          { type: 'payment.approved', walletOrderId: '(from the wallet)' },
        ];
      if (s.matches('verifying'))
        return [
          { type: 'xstate.done.actor.confirmPaid', output: { isPaid: true, paidAt: '(now)' } },
          { type: 'xstate.error.actor.confirmPaid', error: { status: 422, message: '(the capture was declined)' } },
        ];
      if (s.matches('switchingToCash'))
        return [
          { type: 'xstate.error.actor.switchToCash', error: SWITCH_REFUSED },
          { type: 'xstate.done.actor.switchToCash', output: { paymentMethod: 'cod', isPaid: false } },
        ];
      return switching;
    },
    select: () => null,
  };
};

/**
 * A step's kind is the machine's transition it takes (its source, event and, for a guarded choice
 * such as a refused switch with or without the wallet, its target), as the coverage counts them.
 */
export const paymentStepKey = ({ event, before }: E2eStep): string => {
  const [taken] = before.machine.getTransitionData(before as never, event as never);
  const targets = taken?.target?.map((t) => t.id).join(',') ?? '';
  return `${taken?.source.id ?? JSON.stringify(before.value)} ${event.type} ${targets}`;
};
