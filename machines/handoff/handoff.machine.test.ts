import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { HANDOFF } from '#contracts/handoff-rules.ts';
import type { CartItem } from '#contracts/order.ts';
import type { Product } from '#contracts/product.ts';
import { totalsOf, writeCart } from '../cart/cart-storage.ts';
import { cartMachine } from '../cart/cart.machine.ts';
import { memoryStorage } from '../shared/storage.ts';
import { createControl } from '../testing/controlled-actors.ts';
import { handoffClaimMachine } from './handoff-claim.machine.ts';
import { handoffOfferMachine } from './handoff-offer.machine.ts';
import { restoreLines } from './restore-lines.ts';

const item = (productID: string, quantity: number, count = 9, price = 5): CartItem => ({
  productID,
  name: productID,
  price,
  count,
  quantity,
});
const product = (id: string, count: number, price = 5): Product =>
  ({
    _id: id,
    name: `Name of ${id}`,
    price,
    count,
    images: [{ path: `/images/${id}.png` }],
  }) as unknown as Product;

/** The offer on a simulated clock: the link's lifetime passes when the test moves the clock. */
const offer = (ttlMs = 1_000) => {
  const control = createControl();
  const clock = new SimulatedClock();
  const actor = createActor(handoffOfferMachine.provide({ actors: { create: control.promise(), status: control.promise() } }), {
    input: { ttlMs },
    clock,
  }).start();
  return { control, actor, clock };
};

describe('the kiosk offer', () => {
  it('when the link is made, then the QR shows with its token; when its time is up, then the QR goes and the token is forgotten', async () => {
    const { control, actor, clock } = offer(1_000);
    actor.send({
      type: 'handoff.start',
      lines: [{ productID: 'p1', quantity: 2 }],
    });
    expect(actor.getSnapshot().hasTag('creating')).toBe(true);
    expect(control.inputOf('create')).toEqual([{ productID: 'p1', quantity: 2 }]);
    await control.resolve('create', {
      token: 'tok',
      expiresAt: '2026-11-24T18:00:00.000Z',
    });
    expect(actor.getSnapshot().hasTag('qr')).toBe(true);
    expect(actor.getSnapshot().context.token).toBe('tok');
    clock.increment(999);
    expect(actor.getSnapshot().hasTag('qr')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().hasTag('expired')).toBe(true);
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('when Done is pressed while the link is being made, then the request is abandoned and nothing shows', async () => {
    const { control, actor } = offer();
    actor.send({
      type: 'handoff.start',
      lines: [{ productID: 'p1', quantity: 1 }],
    });
    actor.send({ type: 'handoff.close' });
    expect(control.aborted).toEqual(['create']);
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
  });

  it('when the server refuses, then the panel says why and Try again makes a new link', async () => {
    const { control, actor } = offer();
    actor.send({
      type: 'handoff.start',
      lines: [{ productID: 'p1', quantity: 1 }],
    });
    await control.reject('create', {
      status: 429,
      message: 'Too many requests. Wait a minute and try again.',
    });
    expect(actor.getSnapshot().context.error).toBe('Too many requests. Wait a minute and try again.');
    actor.send({
      type: 'handoff.start',
      lines: [{ productID: 'p1', quantity: 1 }],
    });
    expect(actor.getSnapshot().hasTag('creating')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('when the QR shows, then the kiosk asks every 2 s whether the phone claimed it, and once it has the QR goes and the token is forgotten', async () => {
    const { control, actor, clock } = offer(60_000);
    actor.send({ type: 'handoff.start', lines: [{ productID: 'p1', quantity: 1 }] });
    await control.resolve('create', { token: 'tok', expiresAt: '2026-11-24T18:00:00.000Z' });
    clock.increment(1_999);
    expect(control.isPending('status')).toBe(false);
    clock.increment(1);
    expect(control.inputOf('status')).toEqual({ token: 'tok' });
    await control.reject('status', { status: 0, message: 'no answer' });
    clock.increment(2_000);
    await control.resolve('status', { claimed: false });
    expect(actor.getSnapshot().hasTag('qr')).toBe(true);
    clock.increment(2_000);
    await control.resolve('status', { claimed: true });
    expect(actor.getSnapshot().hasTag('claimed')).toBe(true);
    expect(actor.getSnapshot().hasTag('qr')).toBe(false);
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('when the cart is empty, then no link is asked for', () => {
    const { control, actor } = offer();
    actor.send({ type: 'handoff.start', lines: [] });
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    expect(control.started).toEqual([]);
  });
});

const phone = (token: string) => {
  const control = createControl();
  const storage = memoryStorage();
  writeCart(storage, totalsOf([item('old', 1)]));
  const cart = createActor(cartMachine, { input: { storage } }).start();
  const actor = createActor(handoffClaimMachine.provide({ actors: { claim: control.promise() } }), { input: { token, cart } }).start();
  return { control, cart, actor, storage };
};

describe('the phone claim', () => {
  it("when the claim succeeds, then the kiosk's lines replace the phone's cart and are stored like any cart", async () => {
    const { control, cart, actor } = phone('tok');
    expect(control.inputOf('claim')).toEqual({ token: 'tok' });
    await control.resolve('claim', {
      items: [item('a', 2), item('b', 1)],
      notes: [],
    });
    expect(actor.getSnapshot().hasTag('restored')).toBe(true);
    expect(cart.getSnapshot().context).toMatchObject({
      itemsCount: 3,
      cartSubtotal: 15,
    });
    expect(cart.getSnapshot().context.items.map((i) => i.productID)).toEqual(['a', 'b']);
  });

  it.each([
    [{ status: 410, message: HANDOFF.used }, 'used'],
    [{ status: 410, message: HANDOFF.expired }, 'expired'],
    [{ status: 404, message: HANDOFF.unknown }, 'unknown'],
    [{ status: 0, message: 'The shop could not be reached.' }, 'failed'],
  ])('when the server answers %o, then the page is %s and the phone keeps its own cart', async (error, tag) => {
    const { control, cart, actor } = phone('tok');
    await control.reject('claim', error);
    expect(actor.getSnapshot().hasTag(tag)).toBe(true);
    expect(cart.getSnapshot().context.items.map((i) => i.productID)).toEqual(['old']);
  });

  it('when the page has no token, then it says the link is not valid without calling the server', () => {
    const { control, actor } = phone('');
    expect(actor.getSnapshot().hasTag('unknown')).toBe(true);
    expect(control.started).toEqual([]);
  });
});

describe('repricing the kiosk lines on the phone', () => {
  it("when products changed since the kiosk, then today's price and stock count, gone and sold-out lines are left out, and each change is said", () => {
    const lines = [
      { productID: 'a', quantity: 2 },
      { productID: 'gone', quantity: 1 },
      { productID: 'sold', quantity: 1 },
      { productID: 'few', quantity: 5 },
    ];
    const { items, notes } = restoreLines(lines, [product('a', 9, 7.5), null, product('sold', 0), product('few', 3)]);
    expect(items).toEqual([
      {
        productID: 'a',
        name: 'Name of a',
        price: 7.5,
        image: { path: '/images/a.png' },
        count: 9,
        quantity: 2,
      },
      {
        productID: 'few',
        name: 'Name of few',
        price: 5,
        image: { path: '/images/few.png' },
        count: 3,
        quantity: 3,
      },
    ]);
    expect(notes).toEqual([
      'A product from the kiosk is no longer sold and was left out.',
      'Name of sold is out of stock and was left out.',
      'Only 3 of Name of few left in stock: your quantity is now 3.',
    ]);
  });
});
