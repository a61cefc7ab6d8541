import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import { createControl } from '../testing/controlled-actors.ts';
import { memoryStorage, type StorageLike } from '../shared/storage.ts';
import { CHECKOUT_TEXTS, checkoutMachine, PLACE_TIMEOUT_MS, STILL_WORKING_MS } from './checkout.machine.ts';
import { completeProfile, incompleteProfile, laptopDearer, lines, startCart, unchanged } from './fixtures.ts';

const start = (items: CartItem[] = lines, { storage, clock }: { storage?: StorageLike; clock?: SimulatedClock } = {}) => {
  const control = createControl();
  const { cart, received, clears } = startCart(items);
  const machine = checkoutMachine.provide({
    actors: { loadProfile: control.promise(), reprice: control.promise(), createOrder: control.promise() },
  });
  const actor = createActor(machine, { input: { userId: 'u1', cart, storage }, ...(clock && { clock }) });
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, control, cart, received, clears, emitted, snap: () => actor.getSnapshot() };
};

/** Profile loaded and the opening price check answered: the summary shows. */
const opened = async (items: CartItem[] = lines, profile = completeProfile, options: Parameters<typeof start>[1] = {}) => {
  const t = start(items, options);
  await t.control.resolve('loadProfile', profile);
  await t.control.resolve('reprice', unchanged);
  return t;
};

const ordersStarted = (control: ReturnType<typeof createControl>) => control.started.filter((s) => s.id === 'createOrder');

describe('checkout machine', () => {
  it('when the profile lacks a shipping field, then ordering is blocked', async () => {
    const { actor, control, snap } = await opened(lines, incompleteProfile);
    expect(snap().hasTag('blocked')).toBe(true);
    actor.send({ type: 'checkout.placeOrder' });
    expect(control.isPending('reprice')).toBe(false);
    expect(ordersStarted(control)).toHaveLength(0);
  });

  it('when the cart is empty, then ordering is blocked even with a full profile', async () => {
    const { snap } = await opened([]);
    expect(snap().hasTag('blocked')).toBe(true);
  });

  it('when the page opens, then the profile loads, then the cart lines are repriced under the checkingPrices tag', async () => {
    const { control, snap } = start();
    expect(control.inputOf('loadProfile')).toEqual({ userId: 'u1' });
    expect(snap().hasTag('checkingPrices')).toBe(false);
    await control.resolve('loadProfile', completeProfile);
    expect(snap().hasTag('checkingPrices')).toBe(true);
    expect(control.inputOf('reprice')).toEqual({ items: lines });
  });

  it('when the opening reprice changes a price, then the notice is in context and the cart and summary take the new price', async () => {
    const { control, snap, cart, received } = start();
    await control.resolve('loadProfile', completeProfile);
    await control.resolve('reprice', laptopDearer);
    expect(snap().context.notes).toEqual(laptopDearer.notes);
    expect(received).toEqual([{ type: 'cart.add', item: laptopDearer.update[0] }]);
    expect(cart.getSnapshot().context.cartSubtotal).toBe(1120.01);
    expect(snap().context.items[0]?.price).toBe(1099.99);
    expect(snap().context.cartSubtotal).toBe(1120.01);
    expect(snap().hasTag('canPlaceOrder')).toBe(true);
  });

  it('when a product is gone, then its line is removed from the cart', async () => {
    const { control, cart } = start();
    await control.resolve('loadProfile', completeProfile);
    await control.resolve('reprice', {
      update: [],
      remove: ['p2'],
      notes: ['Mouse is no longer available and was removed from your cart.'],
    });
    expect(cart.getSnapshot().context.items.map((i) => i.productID)).toEqual(['p1']);
  });

  it('when the page closes while the prices are checked, then the request is aborted', async () => {
    const { actor, control } = start();
    await control.resolve('loadProfile', completeProfile);
    actor.stop();
    expect(control.aborted).toEqual(['reprice']);
  });

  it('when the cart changes while the prices are checked, then that check is aborted and the new lines are checked', async () => {
    const { control, cart, received } = start();
    await control.resolve('loadProfile', completeProfile);
    cart.send({ type: 'cart.remove', productID: 'p2' });
    expect(control.aborted).toEqual(['reprice']);
    expect(control.inputOf('reprice')).toEqual({ items: [lines[0]] });
    await control.resolve('reprice', unchanged);
    expect(received.filter((e) => e.type === 'cart.add')).toEqual([]);
  });

  it('when the price check fails, then the message is in context and Try again checks again', async () => {
    const { actor, control, snap } = start();
    await control.resolve('loadProfile', completeProfile);
    await control.reject('reprice', { status: 0, message: 'Network down' });
    expect(snap().context.priceError).toBe('We could not check the current prices: Network down');
    expect(snap().hasTag('canPlaceOrder')).toBe(true);
    actor.send({ type: 'checkout.recheckPrices' });
    expect(snap().hasTag('checkingPrices')).toBe(true);
    expect(snap().context.priceError).toBeNull();
    await control.resolve('reprice', unchanged);
    expect(snap().context.priceError).toBeNull();
  });

  it('when Place order is pressed many times, then the prices are checked once and exactly one order is created with pp by default', async () => {
    const { actor, control, snap, emitted } = await opened();
    actor.send({ type: 'checkout.placeOrder' });
    actor.send({ type: 'checkout.placeOrder' });
    expect(snap().hasTag('confirmingPrices')).toBe(true);
    await control.resolve('reprice', unchanged);
    actor.send({ type: 'checkout.placeOrder' });
    expect(ordersStarted(control)).toHaveLength(1);
    expect(control.inputOf('createOrder')).toMatchObject({
      body: { paymentMethod: 'pp', orderTotal: { itemsCount: 3, cartSubtotal: 1020.01 } },
    });
    await control.resolve('createOrder', { _id: 'o1' });
    actor.send({ type: 'checkout.placeOrder' });
    expect(ordersStarted(control)).toHaveLength(1);
    expect(snap().hasTag('placed')).toBe(true);
    expect(emitted).toEqual([{ type: 'checkout.orderPlaced', orderId: 'o1', paymentMethod: 'pp' }]);
  });

  it('when the price changed between opening and Place order, then no order is created and the notice is in context', async () => {
    const { actor, control, snap } = await opened();
    actor.send({ type: 'checkout.placeOrder' });
    await control.resolve('reprice', laptopDearer);
    expect(ordersStarted(control)).toHaveLength(0);
    expect(snap().context.notes).toEqual(laptopDearer.notes);
    expect(snap().hasTag('canPlaceOrder')).toBe(true);
  });

  it('when the cart changes while Place order checks the prices, then the check is aborted and the summary shows the new lines', async () => {
    const { actor, control, cart, snap } = await opened();
    actor.send({ type: 'checkout.placeOrder' });
    cart.send({ type: 'cart.clear' });
    expect(control.aborted).toEqual(['reprice']);
    expect(snap().hasTag('blocked')).toBe(true);
    expect(ordersStarted(control)).toHaveLength(0);
  });

  it('when the order is placed, then the cart is emptied exactly once', async () => {
    const { actor, control, cart, clears } = await opened();
    actor.send({ type: 'checkout.placeOrder' });
    await control.resolve('reprice', unchanged);
    expect(clears()).toBe(0);
    await control.resolve('createOrder', { _id: 'o1' });
    expect(clears()).toBe(1);
    expect(cart.getSnapshot().context.items).toEqual([]);
  });

  it('when creating the order fails, then the message is shown, the cart is kept and ordering is possible again', async () => {
    const { actor, control, snap, cart, clears } = await opened();
    actor.send({ type: 'checkout.placeOrder' });
    await control.resolve('reprice', unchanged);
    await control.reject('createOrder', { status: 400, message: 'Only 1 left of Laptop' });
    expect(snap().context.error).toBe('Only 1 left of Laptop');
    expect(snap().hasTag('canPlaceOrder')).toBe(true);
    expect(clears()).toBe(0);
    expect(cart.getSnapshot().context.items).toHaveLength(2);
  });

  it('when Place order is retried after a failure, then both orders carry the one Idempotency-Key made at start', async () => {
    const { actor, control, snap } = await opened();
    const key = snap().context.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const place = async () => {
      actor.send({ type: 'checkout.placeOrder' });
      await control.resolve('reprice', unchanged);
      return (control.inputOf('createOrder') as { idempotencyKey: string }).idempotencyKey;
    };
    expect(await place()).toBe(key);
    await control.reject('createOrder', { status: 503, message: 'Try again' });
    expect(await place()).toBe(key);
  });

  it('when cod is chosen, then the order is created with cod', async () => {
    const { actor, control } = await opened();
    actor.send({ type: 'checkout.setPaymentMethod', method: 'cod' });
    actor.send({ type: 'checkout.placeOrder' });
    await control.resolve('reprice', unchanged);
    expect(control.inputOf('createOrder')).toMatchObject({ body: { paymentMethod: 'cod' } });
  });

  it('when another tab empties the cart on the summary, then ordering is blocked', async () => {
    const { cart, snap } = await opened();
    cart.send({ type: 'cart.clear' });
    expect(snap().context.items).toEqual([]);
    expect(snap().hasTag('blocked')).toBe(true);
  });

  it('when the profile cannot be loaded, then an error is shown and retry loads again', async () => {
    const { actor, control, snap } = start();
    await control.reject('loadProfile', { status: 500, message: 'down' });
    expect(snap().hasTag('error')).toBe(true);
    actor.send({ type: 'checkout.retry' });
    expect(control.isPending('loadProfile')).toBe(true);
  });

  it('when placing takes 8 s, then it says it is still working; at the time limit it gives up (the call aborted), says so, and Try again sends the same Idempotency-Key', async () => {
    const clock = new SimulatedClock();
    const { actor, control, snap } = await opened(lines, completeProfile, { clock });
    actor.send({ type: 'checkout.placeOrder' });
    await control.resolve('reprice', unchanged);
    const key = (control.inputOf('createOrder') as { idempotencyKey: string }).idempotencyKey;
    clock.increment(STILL_WORKING_MS - 1);
    expect(snap().context.slow).toBe(false);
    clock.increment(1);
    expect(snap().context.slow).toBe(true);
    clock.increment(PLACE_TIMEOUT_MS - STILL_WORKING_MS);
    expect(control.aborted).toEqual(['createOrder']);
    expect(snap().context).toMatchObject({ slow: false, error: CHECKOUT_TEXTS.noAnswer });
    expect(snap().hasTag('canPlaceOrder')).toBe(true);
    actor.send({ type: 'checkout.placeOrder' });
    expect(snap().context.error).toBeNull();
    await control.resolve('reprice', unchanged);
    expect(control.inputOf('createOrder')).toMatchObject({ idempotencyKey: key });
  });

  it("when the page is reloaded (a new machine on the same session storage), then the chosen method and the attempt's key are kept until its order is placed", async () => {
    const storage = memoryStorage();
    const first = await opened(lines, completeProfile, { storage });
    first.actor.send({ type: 'checkout.setPaymentMethod', method: 'cod' });
    const key = first.snap().context.idempotencyKey;
    first.actor.stop();

    const reloaded = await opened(lines, completeProfile, { storage });
    expect(reloaded.snap().context).toMatchObject({ paymentMethod: 'cod', idempotencyKey: key });
    reloaded.actor.send({ type: 'checkout.placeOrder' });
    await reloaded.control.resolve('reprice', unchanged);
    expect(reloaded.control.inputOf('createOrder')).toMatchObject({ body: { paymentMethod: 'cod' }, idempotencyKey: key });
    await reloaded.control.resolve('createOrder', { _id: 'o1' });

    const next = start(lines, { storage });
    expect(next.snap().context.paymentMethod).toBe('pp');
    expect(next.snap().context.idempotencyKey).not.toBe(key);
  });
});
