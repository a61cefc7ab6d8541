import type { Page } from '@playwright/test';
import { createActor, type AnyEventObject } from 'xstate';
import type { CartItem } from '#contracts/order.ts';
import type { Product } from '#contracts/product.ts';
import { cartMachine, type CartContext } from '#machines/cart/cart.machine.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { createOracle, e2ePaths, type E2ePath } from '#machines/testing/e2e-paths.ts';
import { account, expect, test } from '../support/shop.ts';
import { cartE2eModel, cartGenerationModel, cartStepKey, type DemoProduct } from './cart-sample.ts';
import { navigate, PAGE_ACTIONS } from './page-actions.ts';
import { expectFullCoverage, type Excluded } from './report.ts';

test.describe.configure({ mode: 'serial' });

let products: DemoProduct[] = [];
let paths: E2ePath[] = [];
let oracle: ReturnType<typeof createOracle>;
/** Clearing is logging in and out (spec section 4): the demo customer, or the staging run's --user. */
let user: { email: string; password: string };

/** Two demo products with at least two in stock, read from the real API so the model prices match. */
test.beforeAll(async ({ request }) => {
  user = account('user');
  const res = await request.get('/api/products?sort=name_1');
  const list = ((await res.json()) as { products: Product[] }).products.filter((p) => p.count >= 2);
  products = list.slice(0, 2).map((p) => ({ productID: p._id, name: p.name, price: p.price, count: p.count, image: p.images[0] }));
  expect(products).toHaveLength(2);
  paths = e2ePaths(cartGenerationModel(products), cartStepKey);
  oracle = createOracle(cartE2eModel(products));
});

/** How the shop writes dollars (spec section 9): $1,022.50. */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const nameOf = (productID: string) => products.find((p) => p.productID === productID)?.name ?? productID;

/** `reload`: the path starts here, from a fresh page load; `asked`: the line the open 'Are you sure?' is about. */
type Where = { reload?: boolean; asked?: string | null };

const perform = async (page: Page, event: AnyEventObject, { reload = false, asked = null }: Where = {}) => {
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  switch (event.type) {
    case 'cart.add': {
      const item = event.item as CartItem;
      // a path starts from a fresh page load, which also restores the stored (empty) cart
      if (reload) await page.goto(`/product-details/${item.productID}`);
      await PAGE_ACTIONS['cart.add'](page, event);
      await expect(page.getByRole('status').filter({ hasText: `${item.name} is in your cart (quantity ${item.quantity}).` })).toBeVisible();
      return page.getByRole('link', { name: 'Go to cart' }).click();
    }
    case 'cart.setQuantity':
      return PAGE_ACTIONS['cart.setQuantity'](page, event);
    case 'cart.askRemove':
      await PAGE_ACTIONS['cart.askRemove'](page, event);
      return expect(dialog).toBeVisible();
    case 'cart.confirmRemove':
      await PAGE_ACTIONS['cart.confirmRemove'](page, event);
      await expect(dialog).toBeHidden();
      // the Remove that opened it went with its line: the keyboard goes on from the page's heading
      return expect(page.getByRole('heading', { name: 'Shopping Cart', level: 1 })).toBeFocused();
    case 'cart.dismissRemove':
      await PAGE_ACTIONS['cart.dismissRemove'](page, event);
      await expect(dialog).toBeHidden();
      // the dialog gives the focus back to the Remove that opened it, so the keyboard goes on from there
      return expect(page.getByRole('button', { name: `Remove ${nameOf(asked ?? '')}` })).toBeFocused();
    case 'cart.clear':
      // The shop clears the cart on logout (spec section 4).
      await navigate(page, '/login');
      await page.getByLabel('Email address').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.locator('header summary').click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(/\/login$/);
      return page.locator('header').getByRole('link', { name: /^Cart/ }).click();
  }
};

/** The header badge and the /cart page for the machine's context: lines, quantities, count, subtotal, the open question. */
const expectCartShows = async (page: Page, ctx: CartContext) => {
  const n = ctx.itemsCount;
  await expect(page).toHaveURL(/\/cart$/);
  // 'Are you sure?' covers the page: the lines behind it stay as they were, checked below.
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  if (ctx.removing !== null) await expect(dialog).toBeVisible();
  else await expect(dialog).toBeHidden();
  await expect(
    page.locator('header').getByRole('link', { name: n > 0 ? `Cart, ${n} ${n === 1 ? 'item' : 'items'}` : 'Cart, empty' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: `Subtotal (${n} ${n === 1 ? 'Product' : 'Products'})` })).toBeVisible();
  const summary = page.getByRole('complementary', { name: 'Cart summary' });
  await expect(summary).toContainText(`Price: ${dollars.format(ctx.cartSubtotal)}`);
  const proceed = page.getByRole('button', { name: 'Proceed To Checkout' });
  if (ctx.items.length === 0) {
    await expect(page.getByText('Your cart is empty', { exact: true })).toBeVisible();
    await expect(proceed).toBeDisabled();
    return;
  }
  await expect(proceed).toBeEnabled();
  const lines = page.getByRole('list', { name: 'Products in your cart' }).getByRole('listitem');
  await expect(lines).toHaveCount(ctx.items.length);
  for (const [i, item] of ctx.items.entries()) {
    await expect(lines.nth(i).getByRole('link', { name: item.name })).toBeVisible();
    await expect(lines.nth(i).getByLabel(`Quantity of ${item.name}`)).toHaveValue(String(item.quantity));
  }
};

/** e.g. "add(Apple × 2) → setQuantity(Apple × 1)", for the step titles of the report. */
const describePath = (path: E2ePath) =>
  path
    .map(({ event }) => {
      const e = event as { type: string; item?: CartItem; productID?: string; quantity?: number };
      const id = e.item?.productID ?? e.productID;
      const quantity = e.item?.quantity ?? e.quantity;
      return `${e.type.slice('cart.'.length)}(${id ? nameOf(id) : ''}${quantity ? ` × ${quantity}` : ''})`;
    })
    .join(' → ');

// A handful of tests, each replaying its share of the generated paths on one page.
const GROUPS = 2;
for (let g = 0; g < GROUPS; g++) {
  test(`when a shopper follows the cart machine's generated paths (group ${g + 1}/${GROUPS}), then badge, lines and subtotal match the machine at every step`, async ({
    page,
  }) => {
    for (const [index, path] of paths.entries()) {
      if (index % GROUPS !== g) continue;
      await test.step(`path ${index + 1}/${paths.length}: ${describePath(path)}`, async () => {
        if (page.url() === 'about:blank') await page.goto('/cart');
        await page.evaluate(() => localStorage.clear());
        const run = oracle.start({ storage: memoryStorage() });
        try {
          for (const [i, step] of path.entries()) {
            const after = await run.step(step.event);
            expect(after.context.items).toEqual(step.after.context.items);
            await perform(page, step.event, { reload: i === 0, asked: (step.before.context as CartContext).removing });
            // Go to cart leaves the product page, which drops its banner (the component sends it).
            if (step.event.type === 'cart.add') await run.step({ type: 'cart.dismissAdded' });
            await expectCartShows(page, after.context as CartContext);
          }
        } finally {
          await run.stop();
        }
      });
    }
  });
}

/** A fresh page whose cart gets each product × 1 on its product page, as a shopper adds it; the oracle follows. */
const fillCart = async (page: Page, run: ReturnType<typeof oracle.start>, lines: DemoProduct[]) => {
  await page.goto('/cart');
  await page.evaluate(() => localStorage.clear());
  for (const [i, product] of lines.entries()) {
    const add = { type: 'cart.add', item: { ...product, quantity: 1 } };
    await run.step(add);
    await run.step({ type: 'cart.dismissAdded' });
    await perform(page, add, { reload: i === 0 });
  }
};

test('when another tab adds to the cart, then this tab follows (cart.storageChanged)', async ({ page, context }) => {
  const [first, second] = products as [DemoProduct, DemoProduct];
  const storage = memoryStorage();
  const run = oracle.start({ storage });
  const otherTab = createActor(cartMachine, { input: { storage } }).start();
  try {
    await fillCart(page, run, [first]);

    const tab = await context.newPage();
    otherTab.send({ type: 'cart.storageChanged' });
    otherTab.send({ type: 'cart.add', item: { ...second, quantity: 2 } });
    await perform(tab, { type: 'cart.add', item: { ...second, quantity: 2 } }, { reload: true });
    await tab.close();

    const after = await run.step({ type: 'cart.storageChanged' });
    expect(after.context.itemsCount).toBe(3);
    // no reload: the storage event alone brings the other tab's line
    await expectCartShows(page, after.context as CartContext);
  } finally {
    otherTab.stop();
    await run.stop();
  }
});

test('when another tab removes the line this tab asks "Are you sure?" about, then the question closes with the line', async ({
  page,
  context,
}) => {
  const [first, second] = products as [DemoProduct, DemoProduct];
  const storage = memoryStorage();
  const run = oracle.start({ storage });
  const otherTab = createActor(cartMachine, { input: { storage } }).start();
  try {
    await fillCart(page, run, [first, second]);
    const ask = { type: 'cart.askRemove', productID: first.productID } as const;
    await perform(page, ask);
    await expectCartShows(page, (await run.step(ask)).context as CartContext);

    // the other tab: its cart page, Remove, Yes
    const tab = await context.newPage();
    await tab.goto('/cart');
    otherTab.send({ type: 'cart.storageChanged' });
    for (const event of [ask, { type: 'cart.confirmRemove' }] as const) {
      otherTab.send(event);
      await perform(tab, event);
    }
    await expect(tab.getByRole('link', { name: first.name })).toHaveCount(0);
    await tab.close();

    const after = await run.step({ type: 'cart.storageChanged' });
    expect(after.context.removing).toBeNull();
    await expectCartShows(page, after.context as CartContext);
  } finally {
    otherTab.stop();
    await run.stop();
  }
});

test('when the shopper goes back while the cart asks "Are you sure?", then the cart shows no question on the next visit', async ({
  page,
}) => {
  const [first] = products as [DemoProduct];
  const run = oracle.start({ storage: memoryStorage() });
  try {
    await fillCart(page, run, [first]);
    const ask = { type: 'cart.askRemove', productID: first.productID };
    await perform(page, ask);
    await expectCartShows(page, (await run.step(ask)).context as CartContext);
    // Back: the cart page is left with its question open (the page sends cart.dismissRemove)
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/product-details/${first.productID}$`));
    const after = await run.step({ type: 'cart.dismissRemove' });
    await page.locator('header').getByRole('link', { name: /^Cart/ }).click();
    await expectCartShows(page, after.context as CartContext);
  } finally {
    await run.stop();
  }
});

/** Transitions no browser step can take, each with the reason. */
const STOCK_CHECK =
  "the generated paths keep the stock and prices as they are; the cart page's stock check is walked in tests/e2e/experience/storefront.spec.ts";
const EXCLUDED: Excluded[] = [
  ...[
    'cart.active.idle --cart.check#0-->',
    'cart.active.idle --cart.check#1-->',
    'cart.active.checking --cart.check#0-->',
    'cart.active.checking --xstate.done.actor.checkStock#0-->',
    'cart.active.checking --xstate.error.actor.checkStock#0-->',
  ].map((transition) => ({ transition, reason: STOCK_CHECK })),
  {
    transition: 'cart.active --cart.remove#0-->',
    reason:
      "a line goes without 'Are you sure?' only when the checkout's repricing finds its product gone (checkout.machine.ts), which the browser paths do not answer; cart.machine.test.ts and checkout.machine.test.ts cover it",
  },
];

test('when every browser run above has finished, then together they took every transition of the cart machine', () => {
  expectFullCoverage(oracle.report(), EXCLUDED);
});
