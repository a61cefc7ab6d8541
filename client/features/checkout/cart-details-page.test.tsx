// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { CartItem } from '#contracts/order.ts';
import { readCart } from '#machines/cart/cart-storage.ts';
import { click, getByRoleName, queryByRoleName, queryByText, settle, typeInto } from '../../testing/dom.ts';
import { mockFetch, type MockRoute } from '../../testing/fetch-mock.ts';
import { setupComponentTests } from '../../testing/render.tsx';
import { cartLine, profile, renderAsUser } from '../../testing/user.tsx';
import { KioskModeContext } from '../kiosk/kiosk-mode.ts';
import { CartDetailsPage } from './cart-details-page.tsx';

setupComponentTests();

const FILL = 'In order to make order, fill out your profile with correct address, city etc.';
const product = (line: CartItem, change: Partial<{ price: number; count: number }> = {}) => ({
  _id: line.productID,
  name: line.name,
  description: 'd',
  price: change.price ?? line.price,
  count: change.count ?? line.count,
  images: [{ path: line.image?.path ?? '' }],
  rating: 4,
  reviewsNumber: 0,
  reviews: [],
  category: 'Books',
  attrs: [],
});

async function renderCheckout(cart: CartItem[], routes: Record<string, MockRoute>) {
  const calls = mockFetch(routes);
  const view = await renderAsUser(<CartDetailsPage />, { route: '/user/cart-details', cart });
  await settle();
  const placeOrder = () => getByRoleName(view.container, 'button', 'Place order') as HTMLButtonElement;
  return { ...view, calls, placeOrder };
}

describe('checkout summary', () => {
  it('when the profile lacks shipping fields, then Place order is disabled with the spec message', async () => {
    const a = cartLine('a', 10, 2);
    const { container, placeOrder } = await renderCheckout([a], {
      'GET /api/products/get-one/a': { body: product(a) },
      'GET /api/users/profile/u1': { body: { ...profile, city: '', zipCode: ' ' } },
    });
    expect(queryByText(container, FILL)).not.toBeNull();
    expect(placeOrder().disabled).toBe(true);
  });

  it('when the profile is complete, then shipping, lines and included shipping and tax show, with Card wallet chosen', async () => {
    const a = cartLine('a', 10, 2);
    const { container, placeOrder } = await renderCheckout([a], {
      'GET /api/products/get-one/a': { body: product(a) },
      'GET /api/users/profile/u1': { body: profile },
    });
    expect(queryByText(container, FILL)).toBeNull();
    expect(placeOrder().disabled).toBe(false);
    expect(queryByText(container, /1 Main St, Delhi/)).not.toBeNull();
    expect(queryByText(container, 'Shipping: included')).not.toBeNull();
    expect(queryByText(container, 'Tax: included')).not.toBeNull();
    const method = container.querySelector('select') as HTMLSelectElement;
    expect(method.value).toBe('pp');
    expect([...method.options].map((o) => o.textContent)).toEqual(['Card wallet', 'Cash on delivery']);
  });

  it('when a price changed on the server, then the cart takes the new price and a notice says so', async () => {
    const a = cartLine('a', 10, 2);
    const { container, local } = await renderCheckout([a], {
      'GET /api/products/get-one/a': { body: product(a, { price: 12 }) },
      'GET /api/users/profile/u1': { body: profile },
    });
    expect(queryByText(container, /The price of Product a changed from \$10.00 to \$12.00/)).not.toBeNull();
    expect(readCart(local).cartSubtotal).toBe(24);
    expect(queryByText(container, /Total price: \$24.00/)).not.toBeNull();
  });

  it('when the price changes between opening and Place order, then no order is placed and the notice shows', async () => {
    const a = cartLine('a', 10, 1);
    let price = 10;
    const { container, calls, placeOrder } = await renderCheckout([a], {
      'GET /api/products/get-one/a': () => ({ body: product(a, { price }) }),
      'GET /api/users/profile/u1': { body: profile },
      'POST /api/orders': { status: 201, body: { _id: 'o1' } },
    });
    price = 15;
    await click(placeOrder());
    await settle();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(queryByText(container, /changed from \$10.00 to \$15.00/)).not.toBeNull();
  });

  it('when a cod order is placed, then the cart is emptied and the order page opens', async () => {
    const a = cartLine('a', 10, 2);
    const { container, calls, placeOrder, local, path } = await renderCheckout([a], {
      'GET /api/products/get-one/a': { body: product(a) },
      'GET /api/users/profile/u1': { body: profile },
      'POST /api/orders': { status: 201, body: { _id: 'o77' } },
    });
    await typeInto(container.querySelector('select') as HTMLSelectElement, 'cod');
    await click(placeOrder());
    await settle();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ paymentMethod: 'cod', cartItems: [{ productID: 'a', quantity: 2 }] });
    expect(post?.headers['X-CSRF']).toBe('1');
    expect(path()).toBe('/user/order-details/o77');
    expect(readCart(local).items).toEqual([]);
  });

  it('when Place order is retried after a failed answer, then both requests carry the same Idempotency-Key', async () => {
    const a = cartLine('a', 10, 1);
    let answers = 0;
    const { calls, placeOrder } = await renderCheckout([a], {
      'GET /api/products/get-one/a': { body: product(a) },
      'GET /api/users/profile/u1': { body: profile },
      'POST /api/orders': () => (answers++ === 0 ? { status: 503, body: { message: 'Try again' } } : { status: 200, body: { _id: 'o9' } }),
    });
    await click(placeOrder());
    await settle();
    await click(placeOrder());
    await settle();
    const keys = calls.filter((c) => c.method === 'POST').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('when the server refuses the order, then its message shows and the cart is kept', async () => {
    const a = cartLine('a', 10, 1);
    const { container, placeOrder, local, path } = await renderCheckout([a], {
      'GET /api/products/get-one/a': { body: product(a) },
      'GET /api/users/profile/u1': { body: profile },
      'POST /api/orders': { status: 409, body: { message: 'Only 0 of Product a left in stock' } },
    });
    await click(placeOrder());
    await settle();
    expect(queryByText(container, 'Only 0 of Product a left in stock')).not.toBeNull();
    expect(path()).toBe('/user/cart-details');
    expect(readCart(local).items).toHaveLength(1);
  });

  it('when the prices are being checked, then the page says so, and the summary shows once they answer', async () => {
    const a = cartLine('a', 10, 1);
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { container } = await renderCheckout([a], {
      'GET /api/products/get-one/a': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/users/profile/u1': { body: profile },
    });
    expect(queryByText(container, 'Checking the current prices ...')).not.toBeNull();
    expect(queryByRoleName(container, 'button', 'Place order')).toBeNull();
    answer({ body: product(a) });
    await settle();
    expect(queryByText(container, 'Checking the current prices ...')).toBeNull();
    expect(queryByRoleName(container, 'button', 'Place order')).not.toBeNull();
  });

  it('when the prices cannot be checked, then the reason shows with Try again, which checks them again', async () => {
    const a = cartLine('a', 10, 1);
    let down = true;
    const { container, calls } = await renderCheckout([a], {
      'GET /api/products/get-one/a': () => (down ? { status: 503, body: { message: 'Service unavailable' } } : { body: product(a) }),
      'GET /api/users/profile/u1': { body: profile },
    });
    expect(queryByText(container, /We could not check the current prices: Service unavailable/)).not.toBeNull();
    down = false;
    await click(getByRoleName(container, 'button', 'Try again'));
    await settle();
    expect(calls.filter((c) => c.url.includes('get-one'))).toHaveLength(2);
    expect(queryByText(container, /We could not check the current prices/)).toBeNull();
  });
});

describe('checkout on a kiosk', () => {
  it('when the shop runs as a kiosk, then cash on delivery is the only payment offered and chosen', async () => {
    const a = cartLine('a', 10, 1);
    mockFetch({ 'GET /api/products/get-one/a': { body: product(a) }, 'GET /api/users/profile/u1': { body: profile } });
    const kiosk = { active: true, handoffShown: () => {}, handoffHidden: () => {}, leave: () => {} };
    const { container } = await renderAsUser(
      <KioskModeContext.Provider value={kiosk}>
        <CartDetailsPage />
      </KioskModeContext.Provider>,
      { route: '/user/cart-details', cart: [a] },
    );
    await settle();
    const method = container.querySelector('select') as HTMLSelectElement;
    expect([...method.options].map((o) => o.textContent)).toEqual(['Cash on delivery']);
    expect(method.value).toBe('cod');
  });
});
