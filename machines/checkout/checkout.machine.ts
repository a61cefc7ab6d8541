import { assign, emit, setup } from 'xstate';
import type { CartItem, CreateOrderBody, Order, PaymentMethod } from '../../contracts/order.ts';
import { MESSAGES, hasShippingProfile } from '../../contracts/rules.ts';
import type { User } from '../../contracts/user.ts';
import { messageOf, missingPromise } from '../shared/actors.ts';

export type CheckoutInput = { userId: string; items: CartItem[]; itemsCount: number; cartSubtotal: number };
export type CheckoutContext = CheckoutInput & {
  profile: User | null;
  paymentMethod: PaymentMethod;
  orderId: string | null;
  error: string | null;
};
export type CheckoutEvent = { type: 'checkout.setPaymentMethod'; method: PaymentMethod } | { type: 'checkout.placeOrder' } | { type: 'checkout.retry' };
export type CheckoutEmitted = { type: 'checkout.orderPlaced'; orderId: string; paymentMethod: PaymentMethod };

export const CHECKOUT_TEXTS = {
  fillProfile: MESSAGES.fillProfile,
  empty: 'Your cart is empty',
} as const;

/** POST /api/orders body: the server recomputes every figure, these are for shape only. */
export const orderBody = (ctx: CheckoutContext): CreateOrderBody => ({
  orderTotal: { itemsCount: ctx.itemsCount, cartSubtotal: ctx.cartSubtotal },
  cartItems: ctx.items.map((i) => ({ productID: i.productID, name: i.name, price: i.price, image: i.image, quantity: i.quantity, count: i.count })),
  paymentMethod: ctx.paymentMethod,
});

/**
 * The checkout summary (/user/cart-details): blocked until the profile has every shipping
 * field, then one order per page however often Place order is pressed. Payment of the placed
 * order is `paymentMachine`'s job on the order page.
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
    createOrder: missingPromise<Pick<Order, '_id'>, CreateOrderBody>('createOrder'),
  },
  actions: {
    setMethod: assign(({ event }) => (event.type === 'checkout.setPaymentMethod' ? { paymentMethod: event.method } : {})),
  },
  guards: {
    canOrder: ({ context }) => context.profile !== null && hasShippingProfile(context.profile) && context.items.length > 0,
    knownMethod: ({ event }) => event.type === 'checkout.setPaymentMethod' && (event.method === 'pp' || event.method === 'cod'),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ ...input, profile: null, paymentMethod: 'pp', orderId: null, error: null }),
  initial: 'loadingProfile',
  states: {
    loadingProfile: {
      tags: ['loading'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'summary', actions: assign(({ event }) => ({ profile: event.output, error: null })) },
        onError: { target: 'loadFailed', actions: assign(({ event }) => ({ error: messageOf(event.error, 'Could not load your profile') })) },
      },
    },
    loadFailed: { tags: ['error'], on: { 'checkout.retry': 'loadingProfile' } },
    summary: {
      initial: 'checking',
      on: { 'checkout.setPaymentMethod': { guard: 'knownMethod', actions: 'setMethod' } },
      states: {
        checking: { always: [{ guard: 'canOrder', target: 'ready' }, { target: 'blocked' }] },
        // Tag `blocked`: Place order disabled, CHECKOUT_TEXTS.fillProfile (or empty) shown.
        blocked: { tags: ['blocked'] },
        ready: { tags: ['canPlaceOrder'], on: { 'checkout.placeOrder': '#checkout.placing' } },
      },
    },
    placing: {
      tags: ['loading', 'placing'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => orderBody(context),
        onDone: {
          target: 'placed',
          actions: [
            assign(({ event }) => ({ orderId: event.output._id, error: null })),
            emit(({ event, context }) => ({ type: 'checkout.orderPlaced' as const, orderId: event.output._id, paymentMethod: context.paymentMethod })),
          ],
        },
        onError: { target: 'summary', actions: assign(({ event }) => ({ error: messageOf(event.error, 'Could not place the order') })) },
      },
    },
    // Final: a placed order is never placed again from this page.
    placed: { tags: ['placed'], type: 'final' },
  },
});
