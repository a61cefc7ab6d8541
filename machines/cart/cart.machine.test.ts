import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { CartItem } from '../../contracts/order.ts';
import { memoryStorage } from '../shared/storage.ts';
import { CART_KEY, CART_VERSION } from './cart-storage.ts';
import { cartMachine } from './cart.machine.ts';

const item = (productID: string, price: number, quantity: number, count = 10): CartItem => ({
  productID,
  name: `Product ${productID}`,
  price,
  image: { path: `/images/${productID}.png` },
  count,
  quantity,
});

const start = (initial: Record<string, string> = {}) => {
  const storage = memoryStorage(initial);
  const actor = createActor(cartMachine, { input: { storage } }).start();
  const ctx = () => actor.getSnapshot().context;
  const stored = () => JSON.parse(storage.dump()[CART_KEY] ?? 'null') as Record<string, unknown> | null;
  return { actor, storage, ctx, stored };
};

describe('cart machine', () => {
  it('when a new product is added, then it is appended and the totals grow', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'cart.add', item: item('a', 10, 2) });
    actor.send({ type: 'cart.add', item: item('b', 0.1, 3) });
    expect(ctx().items.map((i) => i.productID)).toEqual(['a', 'b']);
    expect(ctx().itemsCount).toBe(5);
    expect(ctx().cartSubtotal).toBe(20.3);
  });

  it('when a product already in the cart is added, then its line is replaced in place, not added to', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'cart.add', item: item('a', 10, 2) });
    actor.send({ type: 'cart.add', item: item('b', 5, 1) });
    actor.send({ type: 'cart.add', item: item('a', 10, 1) });
    expect(ctx().items.map((i) => [i.productID, i.quantity])).toEqual([
      ['a', 1],
      ['b', 1],
    ]);
    expect(ctx().itemsCount).toBe(2);
    expect(ctx().cartSubtotal).toBe(15);
  });

  it('when a line is removed, then the count drops by its quantity and the subtotal by price × quantity', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'cart.add', item: item('a', 10, 2) });
    actor.send({ type: 'cart.add', item: item('b', 2.5, 4) });
    actor.send({ type: 'cart.remove', productID: 'b' });
    expect(ctx().itemsCount).toBe(2);
    expect(ctx().cartSubtotal).toBe(20);
  });

  it('when a quantity is set outside 1..stock, then it is clamped to that range', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'cart.add', item: item('a', 10, 1, 3) });
    actor.send({ type: 'cart.setQuantity', productID: 'a', quantity: 9 });
    expect(ctx().items[0]?.quantity).toBe(3);
    actor.send({ type: 'cart.setQuantity', productID: 'a', quantity: 0 });
    expect(ctx().items[0]?.quantity).toBe(1);
    actor.send({ type: 'cart.add', item: item('b', 1, 7, 2) });
    expect(ctx().items[1]?.quantity).toBe(2);
  });

  it('when an out-of-stock product is added, then the cart is unchanged', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'cart.add', item: item('a', 10, 1, 0) });
    expect(ctx().items).toEqual([]);
  });

  it('when the cart changes, then it is stored under "cart" with its version and totals', () => {
    const { actor, stored } = start();
    actor.send({ type: 'cart.add', item: item('a', 10, 2) });
    expect(stored()).toEqual({ version: CART_VERSION, items: [item('a', 10, 2)], itemsCount: 2, cartSubtotal: 20 });
    actor.send({ type: 'cart.clear' });
    expect(stored()).toEqual({ version: CART_VERSION, items: [], itemsCount: 0, cartSubtotal: 0 });
  });

  it('when a stored cart of this version exists, then it is restored with totals recomputed', () => {
    const saved = { version: CART_VERSION, items: [item('a', 10, 2)], itemsCount: 99, cartSubtotal: 1 };
    const { ctx } = start({ [CART_KEY]: JSON.stringify(saved) });
    expect(ctx()).toMatchObject({ items: saved.items, itemsCount: 2, cartSubtotal: 20 });
  });

  it.each([
    ['unreadable JSON', '{not json'],
    ['an older version', JSON.stringify({ version: 0, items: [item('a', 1, 1)] })],
    ['no version (the old format)', JSON.stringify({ cartItems: [item('a', 1, 1)], itemsCount: 1 })],
    ['a malformed line', JSON.stringify({ version: CART_VERSION, items: [{ productID: 'a', quantity: -1 }] })],
  ])('when the stored cart is %s, then it is dropped and the cart starts empty', (_, raw) => {
    const { ctx, storage } = start({ [CART_KEY]: raw });
    expect(ctx().items).toEqual([]);
    expect(storage.dump()[CART_KEY]).toBeUndefined();
  });

  it('when another tab writes the cart, then storageChanged reloads it', () => {
    const { actor, storage, ctx } = start();
    storage.setItem(CART_KEY, JSON.stringify({ version: CART_VERSION, items: [item('z', 3, 3)] }));
    actor.send({ type: 'cart.storageChanged' });
    expect(ctx().items.map((i) => i.productID)).toEqual(['z']);
    expect(ctx().cartSubtotal).toBe(9);
  });

  it('when the snapshot is serialised, then the storage contents are not copied', () => {
    const { actor } = start({ userInfo: '{"secret":true}' });
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain('secret');
  });

  it('when a product is added, then the cart remembers that line with the quantity that went in, and not in storage', () => {
    const { actor, ctx, stored } = start();
    actor.send({ type: 'cart.add', item: item('a', 10, 2, 1) });
    expect(ctx().lastAdded).toEqual({ productID: 'a', name: 'Product a', quantity: 1 });
    expect(stored()).not.toHaveProperty('lastAdded');
  });

  it('when the cart changes otherwise or the shopper leaves the product page, then the last added line is forgotten', () => {
    const { actor, ctx } = start();
    const changes = [
      { type: 'cart.setQuantity', productID: 'a', quantity: 3 },
      { type: 'cart.remove', productID: 'a' },
      { type: 'cart.clear' },
      { type: 'cart.storageChanged' },
      { type: 'cart.dismissAdded' },
    ] as const;
    for (const change of changes) {
      actor.send({ type: 'cart.add', item: item('a', 10, 2) });
      actor.send(change);
      expect(ctx().lastAdded, change.type).toBeNull();
    }
  });

  it('when an out-of-stock product is added, then the last added line stays what it was', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'cart.add', item: item('a', 10, 2) });
    actor.send({ type: 'cart.add', item: item('b', 10, 1, 0) });
    expect(ctx().lastAdded?.productID).toBe('a');
  });
});
