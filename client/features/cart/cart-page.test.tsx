// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../../contracts/order.ts';
import { totalsOf, writeCart, readCart } from '../../../machines/cart/cart-storage.ts';
import { memoryStorage } from '../../../machines/shared/storage.ts';
import { click, getByRoleName, getByText, queryByText, typeInto } from '../../testing/dom.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
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

async function renderCart(items: CartItem[]) {
  const local = memoryStorage();
  writeCart(local, totalsOf(items));
  const view = await renderWithApp(<CartPage />, { route: '/cart', storages: { local, session: memoryStorage() } });
  return { ...view, local };
}

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

  it('when a quantity is chosen, then the subtotal follows and the cart is stored', async () => {
    const { container, local } = await renderCart([line('a', 10, 1, 4)]);
    await typeInto(container.querySelector('select') as HTMLSelectElement, '3');
    expect(queryByText(container, '$30.00')).not.toBeNull();
    expect(readCart(local).itemsCount).toBe(3);
  });

  it('when Remove is pressed, then it asks "Are you sure?" and keeps the line on Cancel', async () => {
    const { container } = await renderCart([line('a', 10, 1)]);
    await click(getByRoleName(container, 'button', 'Remove Product a'));
    const dialog = container.querySelector('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(getByText(dialog, 'Are you sure?')).toBeTruthy();
    await click(getByRoleName(dialog, 'button', 'Cancel'));
    expect(queryByText(container, 'Product a', 'a')).not.toBeNull();
  });

  it('when the removal is confirmed, then the line goes and an empty cart cannot proceed', async () => {
    const { container, local } = await renderCart([line('a', 10, 1)]);
    await click(getByRoleName(container, 'button', 'Remove Product a'));
    await click(getByRoleName(container.querySelector('dialog') as HTMLElement, 'button', 'Yes'));
    expect(queryByText(container, 'Product a', 'a')).toBeNull();
    expect(queryByText(container, 'Your cart is empty')).not.toBeNull();
    expect(proceed(container).disabled).toBe(true);
    expect(readCart(local).items).toEqual([]);
  });

  it('when Proceed To Checkout is pressed, then the checkout summary opens', async () => {
    const { container, path } = await renderCart([line('a', 10, 1)]);
    await click(proceed(container));
    expect(path()).toBe('/user/cart-details');
  });
});
