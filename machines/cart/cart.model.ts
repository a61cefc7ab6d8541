import type { AnyEventObject } from 'xstate';
import type { CartItem } from '../../contracts/order.ts';
import { frozenStorage } from '../shared/storage.ts';
import { formatUsd, itemsCount, subtotal } from '../shared/money.ts';
import { assertEqual } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelSpec } from '../testing/model.ts';
import type { PlanTemplates } from '../testing/plan-templates.ts';
import { CART_KEY, CART_VERSION, type CartTotals } from './cart-storage.ts';
import { cartMachine, type AddedLine } from './cart.machine.ts';

const line = (productID: string, price: number, quantity: number, count: number): CartItem => ({
  productID,
  name: productID,
  price,
  count,
  quantity,
});

/** A finite sample: a re-add of a present product with another quantity, a new one, one out of stock. */
const events: AnyEventObject[] = [
  { type: 'cart.add', item: line('a', 19.99, 1, 5) },
  { type: 'cart.add', item: line('a', 19.99, 3, 5) },
  { type: 'cart.add', item: line('b', 0.1, 2, 2) },
  { type: 'cart.add', item: line('c', 5, 1, 0) },
  { type: 'cart.remove', productID: 'a' },
  { type: 'cart.remove', productID: 'zz' },
  { type: 'cart.setQuantity', productID: 'b', quantity: 9 },
  { type: 'cart.setQuantity', productID: 'zz', quantity: 1 },
  { type: 'cart.clear' },
  { type: 'cart.storageChanged' },
  { type: 'cart.dismissAdded' },
];

const otherTab = { [CART_KEY]: JSON.stringify({ version: CART_VERSION, items: [line('t', 2, 2, 9)] }) };
type Ctx = CartTotals & { lastAdded: AddedLine | null };

/** Spec section 4's cart rules, as an oracle independent of the machine's own code. */
const check: ModelSpec['check'] = (before, event, after) => {
  const prev = before.context as Ctx;
  const next = after.context as Ctx;
  assertEqual(next.itemsCount, itemsCount(next.items), 'itemsCount is the sum of quantities');
  assertEqual(next.cartSubtotal, subtotal(next.items), 'cartSubtotal is the sum of price × quantity');
  assertEqual(new Set(next.items.map((i) => i.productID)).size, next.items.length, 'one line per product');
  for (const i of next.items)
    assertEqual(i.quantity >= 1 && i.quantity <= Math.max(1, i.count), true, `quantity of ${i.productID} within 1..stock`);
  if (event.type === 'cart.add') {
    const item = event.item as CartItem;
    const present = prev.items.some((i) => i.productID === item.productID);
    if (item.count < 1) {
      assertEqual(next.lastAdded, prev.lastAdded, 'out of stock: no banner change');
      return assertEqual(next.items, prev.items, 'out of stock: unchanged');
    }
    const inCart = next.items.find((i) => i.productID === item.productID);
    assertEqual(
      next.lastAdded,
      { productID: item.productID, name: item.name, quantity: inCart?.quantity },
      'the banner names the line that went in',
    );
    const expectedQty = Math.min(item.quantity, item.count);
    assertEqual(next.items.length, prev.items.length + (present ? 0 : 1), 'replace a present line, else append');
    assertEqual(next.items.find((i) => i.productID === item.productID)?.quantity, expectedQty, 'the added quantity replaces the old one');
  }
  if (event.type === 'cart.remove') {
    const gone = prev.items.find((i) => i.productID === event.productID);
    assertEqual(next.itemsCount, prev.itemsCount - (gone?.quantity ?? 0), 'remove: count down by the quantity');
  }
  if (event.type === 'cart.clear') assertEqual(next.items, [], 'clear empties the cart');
  const refused =
    (event.type === 'cart.remove' || event.type === 'cart.setQuantity') && !prev.items.some((i) => i.productID === event.productID);
  if (event.type !== 'cart.add' && !refused) assertEqual(next.lastAdded, null, 'any other change or leaving the page drops the banner');
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The test plan's sentences (docs/machines/cart.plan.md). */
const describe: PlanTemplates = {
  states: {
    active: ({ context: c }) =>
      (c.items.length === 0 ? 'the cart is empty' : `the cart holds ${plural(c.itemsCount, 'item')} for ${formatUsd(c.cartSubtotal)}`) +
      (c.lastAdded ? ` and the product page says "${c.lastAdded.name} is in your cart (quantity ${c.lastAdded.quantity})."` : ''),
  },
  events: {
    'cart.add': (e) => `the shopper adds "${e.item.name}" × ${e.item.quantity}${e.item.count < 1 ? ' (out of stock)' : ''}`,
    'cart.remove': (e) => `the shopper removes "${e.productID}"`,
    'cart.setQuantity': (e) => `the shopper sets the quantity of "${e.productID}" to ${e.quantity}`,
    'cart.clear': 'the cart is cleared',
    'cart.storageChanged': 'another tab changes the stored cart',
    'cart.dismissAdded': 'the shopper leaves the product page',
  },
};

export const cartModel = (machine = cartMachine): ModelSpec => ({
  name: 'cart',
  machine,
  control: createControl(),
  input: () => ({ storage: frozenStorage(otherTab) }),
  events,
  bound: (ctx: Ctx) => ctx.items.length <= 3 && ctx.itemsCount <= 12,
  select: (ctx: Ctx) => ({ items: ctx.items, itemsCount: ctx.itemsCount, cartSubtotal: ctx.cartSubtotal, lastAdded: ctx.lastAdded }),
  check,
  describe,
});
