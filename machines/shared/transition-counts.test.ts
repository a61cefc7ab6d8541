import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { NOT_TAKEN } from '#contracts/machine-counts.ts';
import { cartMachine } from '../cart/cart.machine.ts';
import { memoryStorage } from './storage.ts';
import { createTransitionCounter } from './transition-counts.ts';

const item = { productID: 'p1', name: 'Ann’s secret gift', price: 10, count: 5, quantity: 1 };

describe('counting the transitions a page takes', () => {
  it('when the cart takes an add twice and ignores a confirm, then the counts name machine, source, event and target only, and a take starts again from zero', () => {
    const counter = createTransitionCounter();
    const cart = createActor(cartMachine, { input: { storage: memoryStorage() }, inspect: counter.inspect }).start();
    cart.send({ type: 'cart.add', item });
    cart.send({ type: 'cart.add', item: { ...item, quantity: 2 } });
    cart.send({ type: 'cart.confirmRemove' });
    const rows = counter.take();
    expect(rows).toContainEqual({ machine: 'cart', source: 'cart.active', event: 'cart.add', target: 'cart.active', count: 2 });
    expect(rows).toContainEqual({ machine: 'cart', source: 'cart.active.idle', event: 'cart.confirmRemove', target: NOT_TAKEN, count: 1 });
    expect(JSON.stringify(rows)).not.toMatch(/p1|secret|quantity/);
    expect(counter.take()).toEqual([]);
  });
});
