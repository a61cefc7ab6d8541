import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cartMachine } from '../cart/cart.machine.ts';
import { withPlantedBug } from './planted-bug.ts';
import { memoryStorage } from './storage.ts';

const item = { productID: 'p1', name: 'A book', price: 10, count: 5, quantity: 1 };

describe('a planted bug', () => {
  it('when the cart is started with cart.add broken, then it ignores every add (and says it cannot take one) while the rest still works', () => {
    const broken = createActor(withPlantedBug(cartMachine, 'cart.add'), { input: { storage: memoryStorage() } }).start();
    expect(broken.getSnapshot().can({ type: 'cart.add', item })).toBe(false);
    broken.send({ type: 'cart.add', item });
    expect(broken.getSnapshot().context.items).toEqual([]);

    const healthy = createActor(withPlantedBug(cartMachine, undefined), { input: { storage: memoryStorage() } }).start();
    healthy.send({ type: 'cart.add', item });
    healthy.send({ type: 'cart.setQuantity', productID: 'p1', quantity: 2 });
    expect(healthy.getSnapshot().context.items.map((i) => i.quantity)).toEqual([2]);
  });
});
