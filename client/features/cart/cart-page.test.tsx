// @vitest-environment happy-dom
import { act } from 'react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '#contracts/order.ts';
import { CART_KEY, totalsOf, writeCart, readCart } from '#machines/cart/cart-storage.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { click, getByRoleName, getByText, queryByText, settle, typeInto } from '../../testing/dom.ts';
import { mockFetch } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { Link } from '../../ui/link.tsx';
import { CartPage } from './cart-page.tsx';

setupComponentTests();

const line = (productID: string, price: number, quantity: number, count = 5): CartItem => ({
  productID,
  name: `Product ${productID}`,
  price,
  count,
  quantity,
  image: { path: `/images/${productID}.png` },
});

/** The server's products as the cart's lines say (or as `now` overrides them): the page's stock check asks for them. */
const serverHas = (items: CartItem[], now: Record<string, { count: number; price?: number } | null> = {}) =>
  mockFetch(
    Object.fromEntries(
      items.map((i) => {
        const over = now[i.productID];
        const body = { _id: i.productID, name: i.name, price: over?.price ?? i.price, count: over?.count ?? i.count, images: [] };
        return [`GET /api/products/get-one/${i.productID}`, over === null ? { status: 404, body: { message: 'not found' } } : { body }];
      }),
    ),
  );

async function renderCart(items: CartItem[], now?: Parameters<typeof serverHas>[1]) {
  const local = memoryStorage();
  writeCart(local, totalsOf(items));
  const calls = serverHas(items, now);
  const view = await renderWithApp(<CartPage />, { route: '/cart', storages: { local, session: memoryStorage() } });
  // the stock check answers
  for (let i = 0; i < 50 && view.container.querySelector('aside[aria-busy="true"]'); i++) await settle(2);
  return { ...view, local, calls };
}

const dialogOf = (root: HTMLElement) => root.querySelector('dialog') as HTMLDialogElement;
const proceed = (root: HTMLElement) => getByRoleName(root, 'button', 'Proceed To Checkout') as HTMLButtonElement;

describe('cart page', () => {
  it('when the cart is empty, then it says so and Proceed To Checkout is disabled', async () => {
    const { container } = await renderCart([]);
    expect(queryByText(container, 'Your cart is empty')).not.toBeNull();
    expect(proceed(container).disabled).toBe(true);
  });

  it('when the cart has lines, then each shows its name link, price and a quantity choice from 1 to the stock', async () => {
    const { container } = await renderCart([line('a', 12.5, 2, 3), line('b', 1, 1, 1)]);
    expect(getByRoleName(container, 'link', 'Product a').getAttribute('href')).toBe('/product-details/a');
    expect(queryByText(container, '$12.50')).not.toBeNull();
    const select = container.querySelector('select') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(select.value).toBe('2');
    expect(queryByText(container, '$26.00')).not.toBeNull();
    expect(proceed(container).disabled).toBe(false);
  });

  it('when a line has 17 in stock, then its choices stop at 10 and the cart says why; a line kept above 10 says it too', async () => {
    const { container } = await renderCart([line('a', 10, 2, 17), line('b', 1, 12, 17)]);
    const [first, second] = [...container.querySelectorAll('select')] as HTMLSelectElement[];
    expect([...first!.options].map((o) => o.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(second!.value).toBe('12');
    const sentences = [...container.querySelectorAll('p')].filter((p) => p.textContent === 'You can order at most 10 of one product');
    expect(sentences).toHaveLength(2);
  });

  it('when a quantity is chosen, then the subtotal follows and the cart is stored', async () => {
    const { container, local } = await renderCart([line('a', 10, 1, 4)]);
    await typeInto(container.querySelector('select') as HTMLSelectElement, '3');
    expect(queryByText(container, '$30.00')).not.toBeNull();
    expect(readCart(local).itemsCount).toBe(3);
  });

  // Where the focus goes after Cancel is the browser's <dialog> (happy-dom moves none): cart-model.spec.ts checks it in Chromium.
  it('when Remove is pressed, then it asks "Are you sure?" and on Cancel keeps every line', async () => {
    const { container, local } = await renderCart([line('a', 10, 1), line('b', 2, 1)]);
    await click(getByRoleName(container, 'button', 'Remove Product a'));
    const dialog = dialogOf(container);
    expect(dialog.open).toBe(true);
    expect(getByText(dialog, 'Are you sure?')).toBeTruthy();
    await click(getByRoleName(dialog, 'button', 'Cancel'));
    expect(dialog.open).toBe(false);
    expect(queryByText(container, 'Product a', 'a')).not.toBeNull();
    expect(readCart(local).items).toHaveLength(2);
  });

  it('when the removal is confirmed, then the line asked about goes, the other stays, and an empty cart cannot proceed', async () => {
    const { container, local } = await renderCart([line('a', 10, 1), line('b', 2, 1)]);
    const remove = getByRoleName(container, 'button', 'Remove Product b');
    remove.focus();
    await click(remove);
    await click(getByRoleName(dialogOf(container), 'button', 'Yes'));
    expect(dialogOf(container).open).toBe(false);
    expect(queryByText(container, 'Product b', 'a')).toBeNull();
    // Its Remove went with the line: the keyboard goes on from the page's heading, not from nowhere.
    expect(document.activeElement?.textContent).toBe('Shopping Cart');
    expect(readCart(local).items.map((i) => i.productID)).toEqual(['a']);
    await click(getByRoleName(container, 'button', 'Remove Product a'));
    await click(getByRoleName(dialogOf(container), 'button', 'Yes'));
    expect(queryByText(container, 'Your cart is empty')).not.toBeNull();
    expect(proceed(container).disabled).toBe(true);
    expect(readCart(local).items).toEqual([]);
  });

  it('when another tab removes the line asked about, then the question closes with it', async () => {
    const { container, local } = await renderCart([line('a', 10, 1), line('b', 2, 1)]);
    await click(getByRoleName(container, 'button', 'Remove Product a'));
    writeCart(local, totalsOf([line('b', 2, 1)]));
    await act(async () => void window.dispatchEvent(new StorageEvent('storage', { key: CART_KEY })));
    expect(queryByText(container, 'Product a', 'a')).toBeNull();
    expect(dialogOf(container).open).toBe(false);
  });

  it('when the shopper leaves the cart page while it asks, then the question is gone on the next visit', async () => {
    const local = memoryStorage();
    writeCart(local, totalsOf([line('a', 10, 1)]));
    serverHas([line('a', 10, 1)]);
    const elsewhere = <Link to="/cart">Back to the cart</Link>;
    const { container, path } = await renderWithApp(
      <Routes>
        <Route path="/cart" element={<CartPage />} />
        <Route path="*" element={elsewhere} />
      </Routes>,
      { route: '/cart', raw: true, storages: { local, session: memoryStorage() } },
    );
    await click(getByRoleName(container, 'button', 'Remove Product a'));
    expect(dialogOf(container).open).toBe(true);
    await click(getByRoleName(container, 'link', 'Product a'));
    expect(path()).toBe('/product-details/a');
    await click(getByRoleName(container, 'link', 'Back to the cart'));
    expect(queryByText(container, 'Product a', 'a')).not.toBeNull();
    expect(dialogOf(container).open).toBe(false);
  });

  it('when Proceed To Checkout is pressed, then the checkout summary opens', async () => {
    const { container, path } = await renderCart([line('a', 10, 1)]);
    await click(proceed(container));
    expect(path()).toBe('/user/cart-details');
  });

  it('when a line sold out and another has less stock than its quantity, then the page says so, drops the first and lowers the second', async () => {
    const items = [line('a', 10, 3, 3), line('b', 5, 1, 2), line('c', 1, 1, 4)];
    const { container, local, calls } = await renderCart(items, { a: { count: 2 }, b: { count: 0 }, c: null });
    expect(calls.map((c) => c.url)).toEqual(['/api/products/get-one/a', '/api/products/get-one/b', '/api/products/get-one/c']);
    expect(queryByText(container, 'Product a: only 2 left, quantity lowered', 'li')).not.toBeNull();
    expect(queryByText(container, 'Product b is sold out', 'li')).not.toBeNull();
    expect(queryByText(container, 'Product c is sold out', 'li')).not.toBeNull();
    const select = container.querySelector('select') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['1', '2']);
    expect(select.value).toBe('2');
    expect(queryByText(container, 'Product b', 'a')).toBeNull();
    expect(readCart(local).items.map((i) => [i.productID, i.quantity])).toEqual([['a', 2]]);
    expect(proceed(container).disabled).toBe(false);
  });

  it('when every line sold out, then the cart is empty and cannot proceed', async () => {
    const { container } = await renderCart([line('a', 10, 1, 1)], { a: { count: 0 } });
    expect(queryByText(container, 'Product a is sold out', 'li')).not.toBeNull();
    expect(queryByText(container, 'Your cart is empty')).not.toBeNull();
    expect(proceed(container).disabled).toBe(true);
  });
});
