import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createControl } from '../testing/controlled-actors.ts';
import type { CartItem } from '#contracts/order.ts';
import { memoryStorage } from '../shared/storage.ts';
import { CART_KEY, CART_VERSION } from './cart-storage.ts';
import { cartMachine, STOCK_TEXTS, type ProductNow } from './cart.machine.ts';

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
    actor.send({ type: 'cart.add', item: item('a', 10, 2) });
    actor.send({ type: 'cart.askRemove', productID: 'a' });
    actor.send({ type: 'cart.confirmRemove' });
    expect(ctx().lastAdded, 'cart.confirmRemove').toBeNull();
  });

  it('when an out-of-stock product is added, then the last added line stays what it was', () => {
    const { actor, ctx } = start();
    actor.send({ type: 'cart.add', item: item('a', 10, 2) });
    actor.send({ type: 'cart.add', item: item('b', 10, 1, 0) });
    expect(ctx().lastAdded?.productID).toBe('a');
  });

  describe("removal asks 'Are you sure?' first (spec section 5)", () => {
    const twoLines = () => {
      const cart = start();
      cart.actor.send({ type: 'cart.add', item: item('a', 10, 2) });
      cart.actor.send({ type: 'cart.add', item: item('b', 5, 1) });
      return cart;
    };
    const ids = (ctx: { items: CartItem[] }) => ctx.items.map((i) => i.productID);

    it('when Remove is pressed on a line, then the cart asks about that line and keeps it until Yes, which removes it alone', () => {
      const { actor, ctx, stored } = twoLines();
      actor.send({ type: 'cart.askRemove', productID: 'a' });
      expect(ctx().removing).toBe('a');
      expect(ids(ctx())).toEqual(['a', 'b']);
      actor.send({ type: 'cart.confirmRemove' });
      expect(ctx()).toMatchObject({ removing: null, itemsCount: 1, cartSubtotal: 5 });
      expect(ids(ctx())).toEqual(['b']);
      expect(stored()).toMatchObject({ items: [item('b', 5, 1)] });
    });

    it('when the shopper answers Cancel, then every line stays and the question closes', () => {
      const { actor, ctx } = twoLines();
      actor.send({ type: 'cart.askRemove', productID: 'b' });
      actor.send({ type: 'cart.dismissRemove' });
      expect(ctx().removing).toBeNull();
      expect(ids(ctx())).toEqual(['a', 'b']);
    });

    it('when Remove names a line the cart does not hold, then nothing is asked, and Yes with nothing asked removes nothing', () => {
      const { actor, ctx } = twoLines();
      expect(actor.getSnapshot().can({ type: 'cart.askRemove', productID: 'zz' })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'cart.confirmRemove' })).toBe(false);
      actor.send({ type: 'cart.askRemove', productID: 'zz' });
      actor.send({ type: 'cart.confirmRemove' });
      expect(ctx().removing).toBeNull();
      expect(ids(ctx())).toEqual(['a', 'b']);
    });

    it('when the line asked about goes otherwise (another tab, a logout, the checkout), then the question closes with it', () => {
      const otherTabKeepsB = JSON.stringify({ version: CART_VERSION, items: [item('b', 5, 1)] });
      const goes = [
        (c: ReturnType<typeof twoLines>) => {
          c.storage.setItem(CART_KEY, otherTabKeepsB);
          c.actor.send({ type: 'cart.storageChanged' });
        },
        (c: ReturnType<typeof twoLines>) => c.actor.send({ type: 'cart.clear' }),
        (c: ReturnType<typeof twoLines>) => c.actor.send({ type: 'cart.remove', productID: 'a' }),
      ];
      for (const [n, go] of goes.entries()) {
        const cart = twoLines();
        cart.actor.send({ type: 'cart.askRemove', productID: 'a' });
        go(cart);
        expect(cart.ctx().removing, `case ${n}`).toBeNull();
        expect(ids(cart.ctx()), `case ${n}`).not.toContain('a');
      }
    });

    it('when another tab or the product page changes the cart but keeps the line asked about, then the question stays', () => {
      const { actor, storage, ctx } = twoLines();
      actor.send({ type: 'cart.askRemove', productID: 'b' });
      storage.setItem(CART_KEY, JSON.stringify({ version: CART_VERSION, items: [item('b', 5, 3)] }));
      actor.send({ type: 'cart.storageChanged' });
      actor.send({ type: 'cart.setQuantity', productID: 'b', quantity: 2 });
      expect(ctx().removing).toBe('b');
    });

    it('when a question is open, then it is neither stored nor a reason to drop the product page banner', () => {
      const { actor, ctx, stored } = start();
      actor.send({ type: 'cart.add', item: item('a', 10, 2) });
      actor.send({ type: 'cart.askRemove', productID: 'a' });
      expect(stored()).not.toHaveProperty('removing');
      expect(ctx().lastAdded?.productID).toBe('a');
      actor.send({ type: 'cart.dismissRemove' });
      expect(ctx().lastAdded?.productID).toBe('a');
    });
  });

  describe('stock check (the cart page is shown)', () => {
    const checked = (initial: CartItem[]) => {
      const control = createControl();
      const storage = memoryStorage({ [CART_KEY]: JSON.stringify({ version: CART_VERSION, items: initial }) });
      const actor = createActor(cartMachine.provide({ actors: { checkStock: control.promise() } }), { input: { storage } }).start();
      const ctx = () => actor.getSnapshot().context;
      const stored = () => (JSON.parse(storage.dump()[CART_KEY] ?? 'null') as { items: CartItem[] }).items;
      return { control, actor, ctx, stored };
    };
    const now = (productID: string, price: number, count: number | null): ProductNow => ({
      productID,
      product: count === null ? null : { name: `Product ${productID}`, price, count },
    });

    it('when a line sold out and another has less stock than its quantity, then the first goes, the second comes down, each with its sentence', async () => {
      const { control, actor, ctx, stored } = checked([item('a', 10, 3), item('b', 5, 2), item('c', 1, 1)]);
      actor.send({ type: 'cart.check' });
      expect(actor.getSnapshot().hasTag('checking')).toBe(true);
      expect(control.inputOf('checkStock')).toEqual({ items: ctx().items });
      await control.resolve('checkStock', [now('a', 10, 1), now('b', 5, 0), now('c', 1, 7)]);
      expect(actor.getSnapshot().hasTag('checking')).toBe(false);
      expect(ctx().items.map((i) => [i.productID, i.quantity, i.count])).toEqual([
        ['a', 1, 1],
        ['c', 1, 7],
      ]);
      expect(ctx().itemsCount).toBe(2);
      expect(ctx().cartSubtotal).toBe(11);
      expect(ctx().notes).toEqual([STOCK_TEXTS.lowered('Product a', 1), STOCK_TEXTS.soldOut('Product b')]);
      expect(stored().map((i) => i.productID)).toEqual(['a', 'c']);
    });

    it('when a product is gone or its price changed, then the line goes or takes the new price, and the next check starts with no sentence', async () => {
      const { control, actor, ctx } = checked([item('a', 10, 1), item('b', 5, 2)]);
      actor.send({ type: 'cart.check' });
      await control.resolve('checkStock', [now('a', 12.5, 4), now('b', 5, null)]);
      expect(ctx().items.map((i) => [i.productID, i.price])).toEqual([['a', 12.5]]);
      expect(ctx().notes).toEqual([STOCK_TEXTS.repriced('Product a', 10, 12.5), STOCK_TEXTS.soldOut('Product b')]);
      actor.send({ type: 'cart.check' });
      expect(ctx().notes).toEqual([]);
      await control.resolve('checkStock', [now('a', 12.5, 4)]);
      expect(ctx().notes).toEqual([]);
    });

    it('when the shopper changes the cart while the check runs, then the answer is applied to the lines as they are then', async () => {
      const { control, actor, ctx } = checked([item('a', 10, 3), item('b', 5, 2)]);
      actor.send({ type: 'cart.check' });
      actor.send({ type: 'cart.remove', productID: 'b' });
      actor.send({ type: 'cart.add', item: item('d', 2, 1) });
      await control.resolve('checkStock', [now('a', 10, 2), now('b', 5, 0)]);
      expect(ctx().items.map((i) => [i.productID, i.quantity])).toEqual([
        ['a', 2],
        ['d', 1],
      ]);
      // b left the cart before the answer came: nothing to say about it
      expect(ctx().notes).toEqual([STOCK_TEXTS.lowered('Product a', 2)]);
    });

    it('when the shopper is asked about a line the answer finds sold out, then the line and its question go together', async () => {
      const { control, actor, ctx } = checked([item('a', 10, 1), item('b', 5, 2)]);
      actor.send({ type: 'cart.check' });
      actor.send({ type: 'cart.askRemove', productID: 'b' });
      await control.resolve('checkStock', [now('a', 10, 4), now('b', 5, 0)]);
      expect(ctx().items.map((i) => i.productID)).toEqual(['a']);
      expect(ctx().removing).toBeNull();
    });

    it('when the check fails or the cart is empty, then nothing changes and no check waits', async () => {
      const { control, actor, ctx } = checked([item('a', 10, 3)]);
      actor.send({ type: 'cart.check' });
      await control.reject('checkStock', { status: 0, message: 'offline' });
      expect(ctx().items).toHaveLength(1);
      expect(actor.getSnapshot().hasTag('checking')).toBe(false);
      actor.send({ type: 'cart.clear' });
      actor.send({ type: 'cart.check' });
      expect(actor.getSnapshot().hasTag('checking')).toBe(false);
      expect(control.isPending('checkStock')).toBe(false);
    });
  });
});
