import { describe, expect, it } from 'vitest';
import { assign } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import { formatReport, isComplete, runModel } from '../testing/model.ts';
import { totalsOf } from './cart-storage.ts';
import { cartMachine } from './cart.machine.ts';
import { cartModel } from './cart.model.ts';

describe('cart model', () => {
  it('when every generated path is replayed, then every state and transition is exercised and the rules hold', async () => {
    const report = await runModel(cartModel());
    expect(isComplete(report), formatReport(report)).toBe(true);
  });

  it('when the cart adds to a present line instead of replacing it, then the model check fails', async () => {
    const adding = cartMachine.provide({
      actions: {
        add: assign(({ context, event }) => {
          if (event.type !== 'cart.add') return {};
          const { item } = event;
          const present = context.items.find((i) => i.productID === item.productID);
          const items: CartItem[] = present
            ? context.items.map((i) => (i.productID === item.productID ? { ...i, quantity: i.quantity + item.quantity } : i))
            : [...context.items, item];
          return totalsOf(items);
        }),
      },
    });
    await expect(runModel(cartModel(adding))).rejects.toThrow(/replaces the old one|within 1..stock/);
  });

  it('when the question outlives its line (another tab or a logout took it), then the model check fails', async () => {
    const lingering = cartMachine.provide({ guards: { askedLineGone: () => false } });
    await expect(runModel(cartModel(lingering))).rejects.toThrow(/a question is only about a line in the cart/);
  });
});
