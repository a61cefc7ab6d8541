import { assign, emit, enqueueActions, sendTo, setup } from 'xstate';
import type { CartItem, CreateOrderBody, Order, PaymentMethod } from '#contracts/order.ts';
import { MESSAGES } from '#contracts/rules.ts';
import { hasShippingProfile } from '#contracts/value-rules.ts';
import type { User } from '#contracts/user.ts';
import { messageOf, missingPromise, SOMETHING_WENT_WRONG } from '../shared/actors.ts';
import { storageRef, type StorageLike, type StorageRef } from '../shared/storage.ts';
import { forgetAttempt, readAttempt, writeAttempt } from './checkout-attempt.ts';
import { cartLines, watchCart, type CartChanged, type CartRef, type Repricing } from './cart-link.ts';

export type { CartRef, Repricing } from './cart-link.ts';

export type CheckoutInput = {
  userId: string;
  cart: CartRef;
  /** Made at start when not given; replays and generated models give a fixed one to rebuild the same snapshots. */
  idempotencyKey?: string;
  /** Session storage: the attempt under way (method and key) survives a reload (checkout-attempt.ts). */
  storage?: StorageLike;
};
export type CheckoutContext = {
  userId: string;
  cart: CartRef;
  items: CartItem[];
  itemsCount: number;
  cartSubtotal: number;
  profile: User | null;
  paymentMethod: PaymentMethod;
  orderId: string | null;
  /** The order's or the profile's failure. */
  error: string | null;
  /** The last reprice's sentences, shown under CHECKOUT_TEXTS.repriced. */
  notes: string[];
  /** The last reprice failed: shown with Try again (`checkout.recheckPrices`). */
  priceError: string | null;
  /** One per checkout attempt, kept over reloads until its order is placed: a retry after a lost answer gets the order already made, not a second one. */
  idempotencyKey: string;
  /** Placing has taken STILL_WORKING_MS: the button says CHECKOUT_TEXTS.stillWorking. */
  slow: boolean;
  storage: StorageRef | null;
};
export type CheckoutEvent =
  /** A radio's value, as the page reads it: anything but a known method is ignored. */
  | { type: 'checkout.setPaymentMethod'; method: string }
  | { type: 'checkout.placeOrder' }
  | { type: 'checkout.retry' }
  | { type: 'checkout.recheckPrices' }
  | CartChanged;
const isPaymentMethod = (method: string): method is PaymentMethod => method === 'pp' || method === 'cod';

export type CheckoutEmitted = { type: 'checkout.orderPlaced'; orderId: string; paymentMethod: PaymentMethod };
export type CreateOrderInput = { body: CreateOrderBody; idempotencyKey: string };

export const CHECKOUT_TEXTS = {
  fillProfile: MESSAGES.fillProfile,
  empty: 'Your cart is empty',
  repriced: 'Prices or stock changed since you added these products. Check your order before placing it.',
  priceCheckFailed: 'We could not check the current prices',
  stillWorking: 'Still working…',
  noAnswer: 'The shop did not answer in time. Try again: your order will not be placed twice.',
} as const;

/** How long Place order spins before it says it is still working. */
export const STILL_WORKING_MS = 8_000;
/** How long the checkout waits for the order's answer before it gives up and offers Try again (the request is aborted). */
export const PLACE_TIMEOUT_MS = 30_000;

/** POST /api/orders body: the server recomputes every figure, these are for shape only. */
export const orderBody = (ctx: CheckoutContext): CreateOrderBody => ({
  orderTotal: { itemsCount: ctx.itemsCount, cartSubtotal: ctx.cartSubtotal },
  cartItems: ctx.items.map((i) => ({
    productID: i.productID,
    name: i.name,
    price: i.price,
    image: i.image,
    quantity: i.quantity,
    count: i.count,
  })),
  paymentMethod: ctx.paymentMethod,
});

/** A failed reprice: no notice, a message with Try again. */
const priceFailure = (error: unknown) => ({
  notes: [],
  priceError: `${CHECKOUT_TEXTS.priceCheckFailed}: ${messageOf(error, SOMETHING_WENT_WRONG)}`,
});

/**
 * The checkout (/user/cart-details): loads the profile, reprices the cart from the server
 * (writing changes back to the cart actor, with a notice), then allows one order per page once
 * the profile has every shipping field. Place order reprices again and places the order only
 * if nothing changed, so it goes out on exactly what was shown; once placed the cart is
 * emptied from here. Payment of the placed order is `paymentMachine`'s job on the order page.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    emitted: {} as CheckoutEmitted,
  },
  actors: {
    loadProfile: missingPromise<User, { userId: string }>('loadProfile'),
    reprice: missingPromise<Repricing, { items: CartItem[] }>('reprice'),
    createOrder: missingPromise<Pick<Order, '_id'>, CreateOrderInput>('createOrder'),
    watchCart,
  },
  actions: {
    setMethod: assign(({ event }) =>
      event.type === 'checkout.setPaymentMethod' && isPaymentMethod(event.method) ? { paymentMethod: event.method } : {},
    ),
    setCart: assign(({ event }) =>
      event.type === 'checkout.cartChanged' ? { items: event.items, itemsCount: event.itemsCount, cartSubtotal: event.cartSubtotal } : {},
    ),
    clearError: assign({ error: null }),
    saveAttempt: ({ context }) => {
      if (context.storage)
        writeAttempt(context.storage, context.userId, { paymentMethod: context.paymentMethod, idempotencyKey: context.idempotencyKey });
    },
    clearPriceError: assign({ priceError: null }),
    // The notice goes in context; the cart actor owns the lines, the summary follows it (watchCart).
    applyReprice: enqueueActions(({ context, enqueue }, result: Repricing) => {
      enqueue.assign({ notes: result.notes, priceError: null });
      for (const item of result.update) enqueue.sendTo(context.cart, { type: 'cart.add', item });
      for (const productID of result.remove) enqueue.sendTo(context.cart, { type: 'cart.remove', productID });
    }),
  },
  delays: { stillWorking: STILL_WORKING_MS, placeTimeout: PLACE_TIMEOUT_MS },
  guards: {
    canOrder: ({ context }) => context.profile !== null && hasShippingProfile(context.profile) && context.items.length > 0,
    knownMethod: ({ event }) => event.type === 'checkout.setPaymentMethod' && isPaymentMethod(event.method),
    unchanged: (_, result: Repricing) => result.notes.length === 0,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => {
    const storage = input.storage ? storageRef(input.storage, 'sessionStorage') : null;
    const saved = storage ? readAttempt(storage, input.userId) : null;
    return {
      userId: input.userId,
      cart: input.cart,
      ...cartLines(input.cart),
      profile: null,
      paymentMethod: saved?.paymentMethod ?? 'pp',
      orderId: null,
      error: null,
      notes: [],
      priceError: null,
      idempotencyKey: input.idempotencyKey ?? saved?.idempotencyKey ?? crypto.randomUUID(),
      slow: false,
      storage,
    };
  },
  initial: 'open',
  states: {
    // Open: the checkout follows the cart; once placed it lets go before emptying it.
    open: {
      invoke: { id: 'watchCart', src: 'watchCart', input: ({ context }) => ({ cart: context.cart }) },
      on: { 'checkout.cartChanged': { actions: 'setCart' } },
      initial: 'loadingProfile',
      states: {
        loadingProfile: {
          tags: ['loading'],
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: { target: 'repricing', actions: assign(({ event }) => ({ profile: event.output, error: null })) },
            onError: {
              target: 'loadFailed',
              actions: assign(({ event }) => ({ error: messageOf(event.error, 'Could not load your profile') })),
            },
          },
        },
        loadFailed: { tags: ['error'], on: { 'checkout.retry': 'loadingProfile' } },
        // Tag `checkingPrices`: "Checking the current prices ..." instead of the summary.
        repricing: {
          tags: ['checkingPrices'],
          entry: 'clearPriceError',
          invoke: {
            id: 'reprice',
            src: 'reprice',
            input: ({ context }) => ({ items: context.items }),
            onDone: { target: 'summary', actions: [{ type: 'applyReprice', params: ({ event }) => event.output }] },
            onError: { target: 'summary', actions: assign(({ event }) => priceFailure(event.error)) },
          },
          // Lines that changed meanwhile are repriced afresh: an old answer must not write old lines back.
          on: { 'checkout.cartChanged': { target: 'repricing', reenter: true, actions: 'setCart' } },
        },
        summary: {
          initial: 'checking',
          on: {
            'checkout.setPaymentMethod': { guard: 'knownMethod', actions: ['setMethod', 'saveAttempt'] },
            'checkout.recheckPrices': '#checkout.open.repricing',
            'checkout.cartChanged': { target: '.checking', actions: ['setCart', 'clearError'] },
          },
          states: {
            checking: { always: [{ guard: 'canOrder', target: 'ready' }, { target: 'blocked' }] },
            // Tag `blocked`: Place order disabled, CHECKOUT_TEXTS.fillProfile (or empty) shown.
            blocked: { tags: ['blocked'] },
            ready: { tags: ['canPlaceOrder'], on: { 'checkout.placeOrder': '#checkout.open.confirming' } },
          },
        },
        // Place order pressed: the prices are checked once more before anything is ordered.
        confirming: {
          tags: ['confirmingPrices'],
          entry: ['clearPriceError', 'clearError'],
          invoke: {
            id: 'reprice',
            src: 'reprice',
            input: ({ context }) => ({ items: context.items }),
            onDone: [
              {
                guard: { type: 'unchanged', params: ({ event }) => event.output },
                target: 'placing',
                actions: [{ type: 'applyReprice', params: ({ event }) => event.output }],
              },
              { target: 'summary', actions: [{ type: 'applyReprice', params: ({ event }) => event.output }] },
            ],
            onError: { target: 'summary', actions: assign(({ event }) => priceFailure(event.error)) },
          },
          // The shopper must see what is ordered: a cart changed meanwhile goes back to the summary.
          on: { 'checkout.cartChanged': { target: 'summary', actions: 'setCart' } },
        },
        // Kept before the call: a reload while it is out goes on with the same key.
        placing: {
          tags: ['loading', 'placing'],
          entry: 'saveAttempt',
          exit: assign({ slow: false }),
          after: {
            stillWorking: { actions: assign({ slow: true }) },
            // Leaving aborts the call; a late answer made the order, which the same key answers on Try again.
            placeTimeout: { target: 'summary', actions: assign({ error: CHECKOUT_TEXTS.noAnswer }) },
          },
          invoke: {
            id: 'createOrder',
            src: 'createOrder',
            input: ({ context }) => ({ body: orderBody(context), idempotencyKey: context.idempotencyKey }),
            onDone: {
              target: '#checkout.placed',
              actions: [
                assign(({ event }) => ({ orderId: event.output._id, error: null })),
                ({ context }) => context.storage && forgetAttempt(context.storage),
                sendTo(({ context }) => context.cart, { type: 'cart.clear' }),
                emit(({ event, context }) => ({
                  type: 'checkout.orderPlaced' as const,
                  orderId: event.output._id,
                  paymentMethod: context.paymentMethod,
                })),
              ],
            },
            onError: {
              target: 'summary',
              actions: assign(({ event }) => ({ error: messageOf(event.error, 'Could not place the order') })),
            },
          },
        },
      },
    },
    // Final: a placed order is never placed again from this page.
    placed: { tags: ['placed'], type: 'final' },
  },
});
