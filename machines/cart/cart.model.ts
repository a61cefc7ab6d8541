import type { SnapshotFrom } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import { frozenStorage } from '../shared/storage.ts';
import { formatUsd, itemsCount, subtotal } from '../shared/money.ts';
import { assertEqual } from '../testing/assert.ts';
import { createControl } from '../testing/controlled-actors.ts';
import type { ModelCheck, ModelEvent, ModelPlan, ModelSpec } from '../testing/model.ts';
import { CART_KEY, CART_VERSION, type CartTotals } from './cart-storage.ts';
import { cartMachine, type AddedLine, type ProductNow } from './cart.machine.ts';

type Event = ModelEvent<typeof cartMachine>;

const line = (productID: string, price: number, quantity: number, count: number): CartItem => ({
  productID,
  name: productID,
  price,
  count,
  quantity,
});

/** The server's answer to a stock check: a fell to 2 in stock, b is gone, t costs more. */
const stockNow: ProductNow[] = [
  { productID: 'a', product: { name: 'a', price: 19.99, count: 2 } },
  { productID: 'b', product: null },
  { productID: 't', product: { name: 't', price: 2.5, count: 9 } },
];

/** A finite sample: a re-add of a present product with another quantity, a new one, one out of stock. */
const sample: Event[] = [
  { type: 'cart.add', item: line('a', 19.99, 1, 5) },
  { type: 'cart.add', item: line('a', 19.99, 3, 5) },
  { type: 'cart.add', item: line('b', 0.1, 2, 2) },
  { type: 'cart.add', item: line('c', 5, 1, 0) },
  { type: 'cart.remove', productID: 'a' },
  { type: 'cart.remove', productID: 'zz' },
  { type: 'cart.askRemove', productID: 'a' },
  { type: 'cart.askRemove', productID: 't' },
  { type: 'cart.confirmRemove' },
  { type: 'cart.dismissRemove' },
  { type: 'cart.setQuantity', productID: 'b', quantity: 9 },
  { type: 'cart.setQuantity', productID: 'zz', quantity: 1 },
  { type: 'cart.clear' },
  { type: 'cart.storageChanged' },
  { type: 'cart.dismissAdded' },
  { type: 'cart.check' },
];
const checkAnswers: Event[] = [
  { type: 'xstate.done.actor.checkStock', output: stockNow },
  { type: 'xstate.error.actor.checkStock', error: { status: 0, message: 'offline' } },
];
/** 'Are you sure?' is modal: Yes or Cancel on this page; another tab, a logout elsewhere or the check still arrive. */
const whileAsking: Event[] = [
  { type: 'cart.confirmRemove' },
  { type: 'cart.dismissRemove' },
  { type: 'cart.storageChanged' },
  { type: 'cart.clear' },
];

/**
 * While the page asks, only what can still happen then (`whileAsking`). While a check runs only
 * the check's own events and Remove on b, whose line the server's answer takes away (and a check
 * only of a small cart): the cart's changes are the parent state's transitions, taken from idle
 * already, and repeating every one of them in `checking` would double the graph for no new transition.
 */
const events = (s: SnapshotFrom<typeof cartMachine>): Event[] => {
  const ctx = s.context;
  const checking = s.hasTag('checking');
  if (ctx.removing !== null) return checking ? [...whileAsking, ...checkAnswers] : whileAsking;
  if (checking) return [{ type: 'cart.check' }, { type: 'cart.askRemove', productID: 'b' }, ...checkAnswers];
  return ctx.itemsCount > 3 ? sample.filter((e) => e.type !== 'cart.check') : sample;
};

/** A line the server's answer wrote: explored no further, like carts past the size bound. */
const fromServer = (i: CartItem) =>
  stockNow.some((n) => n.productID === i.productID && n.product?.count === i.count && n.product.price === i.price);

const otherTab = { [CART_KEY]: JSON.stringify({ version: CART_VERSION, items: [line('t', 2, 2, 9)] }) };
type Ctx = CartTotals & { lastAdded: AddedLine | null; notes: string[]; removing: string | null };

/** Spec sections 4 and 5's cart rules, as an oracle independent of the machine's own code. */
const check: ModelCheck<typeof cartMachine> = (before, event, after) => {
  const prev = before.context;
  const next = after.context;
  assertEqual(next.itemsCount, itemsCount(next.items), 'itemsCount is the sum of quantities');
  assertEqual(next.cartSubtotal, subtotal(next.items), 'cartSubtotal is the sum of price × quantity');
  assertEqual(new Set(next.items.map((i) => i.productID)).size, next.items.length, 'one line per product');
  for (const i of next.items)
    assertEqual(i.quantity >= 1 && i.quantity <= Math.max(1, i.count), true, `quantity of ${i.productID} within 1..stock`);
  if (event.type === 'cart.add') {
    const { item } = event;
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
  // Spec section 5: Remove asks 'Are you sure?' first; Yes takes the line asked about and no other.
  const ids = (items: CartItem[]) => items.map((i) => i.productID);
  if (next.removing !== null) assertEqual(ids(next.items).includes(next.removing), true, 'a question is only about a line in the cart');
  if (event.type === 'cart.askRemove') {
    const present = ids(prev.items).includes(event.productID);
    assertEqual(next.removing, present ? event.productID : prev.removing, 'Remove asks about its own line, a missing one asks nothing');
    assertEqual(next.items, prev.items, 'asking removes nothing');
  }
  if (event.type === 'cart.confirmRemove') {
    const expected = prev.removing === null ? prev.items : prev.items.filter((i) => i.productID !== prev.removing);
    assertEqual(next.items, expected, 'Yes removes the line asked about and no other; with nothing asked, nothing');
    assertEqual(next.removing, null, 'Yes closes the question');
  }
  if (event.type === 'cart.dismissRemove') {
    assertEqual(next.items, prev.items, 'Cancel keeps every line');
    assertEqual(next.removing, null, 'Cancel closes the question');
  }
  const answered = event.type === 'cart.askRemove' || event.type === 'cart.confirmRemove' || event.type === 'cart.dismissRemove';
  if (!answered && prev.removing !== null && ids(next.items).includes(prev.removing))
    assertEqual(next.removing, prev.removing, 'the question stays while its line does');
  if (event.type === 'cart.clear') assertEqual(next.items, [], 'clear empties the cart');
  if (event.type === 'cart.check') assertEqual(next.notes, [], 'a new check starts without the last sentences');
  if (event.type === 'xstate.done.actor.checkStock') {
    for (const fact of event.output) {
      const inCart = next.items.find((i) => i.productID === fact.productID);
      if (!fact.product) assertEqual(inCart, undefined, `a product gone from the shop leaves the cart (${fact.productID})`);
      else if (inCart) assertEqual([inCart.price, inCart.count], [fact.product.price, fact.product.count], 'the server price and stock');
    }
    // A stock that still covers the quantity only narrows the choices: said is what the shopper pays or gets.
    const seen = (items: CartItem[]) => JSON.stringify(items.map((i) => [i.productID, i.quantity, i.price]));
    assertEqual(next.notes.length > 0, seen(next.items) !== seen(prev.items), 'every change of a line, its quantity or price is said');
  }
  const refused =
    ((event.type === 'cart.remove' || event.type === 'cart.setQuantity') && !prev.items.some((i) => i.productID === event.productID)) ||
    (event.type === 'cart.confirmRemove' && prev.removing === null);
  // Asking and answering No change no line: the product page's banner is no business of theirs.
  const unrelated =
    event.type === 'cart.check' ||
    event.type === 'cart.askRemove' ||
    event.type === 'cart.dismissRemove' ||
    event.type.startsWith('xstate.');
  if (event.type !== 'cart.add' && !refused && !unrelated)
    assertEqual(next.lastAdded, null, 'any other change or leaving the page drops the banner');
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const holds = (c: Ctx) =>
  (c.items.length === 0 ? 'the cart is empty' : `the cart holds ${plural(c.itemsCount, 'item')} for ${formatUsd(c.cartSubtotal)}`) +
  (c.lastAdded ? ` and the product page says "${c.lastAdded.name} is in your cart (quantity ${c.lastAdded.quantity})."` : '') +
  (c.notes.length ? ` and the cart page says ${c.notes.map((n) => `"${n}"`).join(', ')}` : '') +
  (c.removing ? ` and the cart page asks "Are you sure?" about removing "${c.removing}"` : '');

/** The test plan's sentences (docs/machines/cart.plan.md). */
const describe: ModelPlan<typeof cartMachine> = {
  states: {
    'active.idle': ({ context }) => holds(context),
    'active.checking': ({ context }) => `${holds(context)}, and the cart page checks stock and prices`,
  },
  events: {
    'cart.add': (e) => `the shopper adds "${e.item.name}" × ${e.item.quantity}${e.item.count < 1 ? ' (out of stock)' : ''}`,
    'cart.remove': (e) => `the checkout removes "${e.productID}" (the shop no longer sells it)`,
    'cart.askRemove': (e) => `the shopper presses Remove on "${e.productID}"`,
    'cart.confirmRemove': 'the shopper answers Yes',
    'cart.dismissRemove': 'the shopper answers Cancel (or presses Escape, or leaves the cart page)',
    'cart.setQuantity': (e) => `the shopper sets the quantity of "${e.productID}" to ${e.quantity}`,
    'cart.clear': 'the cart is cleared',
    'cart.storageChanged': 'another tab changes the stored cart',
    'cart.dismissAdded': 'the shopper leaves the product page',
    'cart.check': 'the shopper opens the cart page',
    'xstate.done.actor.checkStock': 'the server says a has 2 left, b is gone and t costs $2.50',
    'xstate.error.actor.checkStock': 'the stock check gets no answer',
  },
};

export const cartModel = (machine = cartMachine): ModelSpec<typeof cartMachine> => {
  const control = createControl();
  return {
    name: 'cart',
    machine: machine.provide({ actors: { checkStock: control.promise() } }),
    control,
    input: () => ({ storage: frozenStorage(otherTab) }),
    events,
    // The question doubles the graph (a line asked about or not): a cart that adds instead of replacing grows it to ~7,000 steps.
    limit: 10_000,
    bound: (ctx) => ctx.items.length <= 3 && ctx.itemsCount <= 12 && ctx.notes.length === 0 && !ctx.items.some(fromServer),
    select: (ctx) => ({
      items: ctx.items,
      itemsCount: ctx.itemsCount,
      cartSubtotal: ctx.cartSubtotal,
      lastAdded: ctx.lastAdded,
      notes: ctx.notes,
      removing: ctx.removing,
    }),
    check,
    describe,
  };
};
