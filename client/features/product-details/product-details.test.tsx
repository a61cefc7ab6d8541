// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Product } from '#contracts/product.ts';
import type { UserInfo } from '#contracts/user.ts';
import { writeUser } from '#machines/auth/user-storage.ts';
import { readCart } from '#machines/cart/cart-storage.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { click, getByRoleName, queryByRoleName, queryByText, settle, typeInto } from '../../testing/dom.ts';
import { mockFetch, type MockRoute } from '../../testing/fetch-mock.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { MaxUnitsContext, maxUnitsOf } from '../../lib/order-limit.ts';
import ProductDetailsPage from './index.tsx';

setupComponentTests();

const user: UserInfo = { _id: 'u1', name: 'John', lastName: 'Doe', email: 'john@doe.com', isAdmin: false, doNotLogout: true };
const review = {
  _id: 'r1',
  user: { name: 'Ann' },
  rating: 4,
  comment: '<img src=x onerror=alert(1)>',
  createdAt: '2026-01-02T10:00:00.000Z',
};
const PRODUCT: Product = {
  _id: 'p1',
  name: 'Lamp </script><script>alert(1)</script>',
  description: 'A bright lamp',
  price: 19.99,
  count: 4,
  images: [{ path: '/images/lamp-1.png' }, { path: '/images/lamp-2.png' }],
  rating: 4,
  reviewsNumber: 1,
  reviews: [review],
  category: 'Home',
  attrs: [],
};

async function renderDetails({
  product = { body: PRODUCT } as MockRoute,
  who = null as UserInfo | null,
  reviewAnswer = { status: 201, body: 'review created' } as MockRoute,
  maxUnits = undefined as number | undefined,
} = {}) {
  const local = memoryStorage();
  const session = memoryStorage();
  if (who) writeUser(local, session, who);
  const calls = mockFetch({ 'GET /api/products/get-one/p1': product, 'POST /api/users/review/p1': reviewAnswer });
  const page =
    maxUnits === undefined ? (
      <ProductDetailsPage />
    ) : (
      <MaxUnitsContext.Provider value={maxUnits}>
        <ProductDetailsPage />
      </MaxUnitsContext.Provider>
    );
  const view = await renderWithApp(page, {
    route: '/product-details/p1',
    pattern: '/product-details/:id',
    storages: { local, session },
  });
  await settle();
  return { ...view, calls, local };
}

const labelled = <T extends HTMLElement>(root: HTMLElement, text: string) =>
  [...root.querySelectorAll('label')].find((l) => l.textContent === text)!.control as unknown as T;

describe('product details', () => {
  it('when the product loads, then the quantity choices run from 1 to the stock count', async () => {
    const { container } = await renderDetails();
    const select = labelled<HTMLSelectElement>(container, 'Quantity');
    expect([...select.options].map((o) => o.value)).toEqual(['1', '2', '3', '4']);
    expect(queryByText(container, 'In stock')).not.toBeNull();
    expect(queryByText(container, '$19.99')).not.toBeNull();
    expect(queryByText(container, '(1 review)')).not.toBeNull();
  });

  it('when the stock is 17 and the shop lets one order take 10, then the choices run from 1 to 10 and the page says why', async () => {
    const { container } = await renderDetails({ product: { body: { ...PRODUCT, count: 17 } } });
    const select = labelled<HTMLSelectElement>(container, 'Quantity');
    expect([...select.options].map((o) => o.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(queryByText(container, 'You can order at most 10 of one product')).not.toBeNull();
  });

  it("when the page's settings say MAX_UNITS_PER_PRODUCT is 3, then a stock of 4 offers 1 to 3", async () => {
    expect(maxUnitsOf({ kiosk: false, maxUnitsPerProduct: 3 })).toBe(3);
    expect(maxUnitsOf(undefined)).toBe(10);
    expect(maxUnitsOf({ maxUnitsPerProduct: 0 })).toBe(10);
    const { container } = await renderDetails({ maxUnits: 3 });
    expect([...labelled<HTMLSelectElement>(container, 'Quantity').options].map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(queryByText(container, 'You can order at most 3 of one product')).not.toBeNull();
  });

  it('when the product is out of stock, then no quantity or Add to cart is offered', async () => {
    const { container } = await renderDetails({ product: { body: { ...PRODUCT, count: 0 } } });
    expect(queryByText(container, 'Out of stock')).not.toBeNull();
    expect(queryByText(container, 'Quantity', 'label')).toBeNull();
    expect(queryByText(container, 'Add to cart')).toBeNull();
  });

  it('when Add to cart is pressed, then the cart holds the line and the banner offers Go back and Go to cart', async () => {
    const { container, local } = await renderDetails();
    await typeInto(labelled<HTMLSelectElement>(container, 'Quantity'), '3');
    await click(getByRoleName(container, 'button', 'Add to cart'));
    expect(readCart(local).items).toEqual([
      { productID: 'p1', name: PRODUCT.name, price: 19.99, image: { path: '/images/lamp-1.png' }, count: 4, quantity: 3 },
    ]);
    expect(getByRoleName(container, 'link', 'Go to cart').getAttribute('href')).toBe('/cart');
    expect(getByRoleName(container, 'button', 'Go back')).toBeTruthy();
  });

  it('when Add to cart is pressed, then the banner says the quantity that went in, and choosing another quantity does not rewrite it', async () => {
    const { container } = await renderDetails();
    await typeInto(labelled<HTMLSelectElement>(container, 'Quantity'), '3');
    await click(getByRoleName(container, 'button', 'Add to cart'));
    await typeInto(labelled<HTMLSelectElement>(container, 'Quantity'), '2');
    expect(container.textContent).toContain(`${PRODUCT.name} is in your cart (quantity 3).`);
  });

  it('when another tab changes the cart after Add to cart, then the banner goes (its quantity may be stale)', async () => {
    const { container } = await renderDetails();
    await click(getByRoleName(container, 'button', 'Add to cart'));
    expect(container.textContent).toContain(`${PRODUCT.name} is in your cart (quantity 1).`);
    await act(async () => void window.dispatchEvent(new StorageEvent('storage', { key: 'cart' })));
    expect(container.textContent).not.toContain('is in your cart');
    expect(getByRoleName(container, 'button', 'Add to cart')).toBeTruthy();
  });

  it('when the picture gets keyboard focus, then it zooms at scale 2, and a thumbnail shows another picture', async () => {
    const { container } = await renderDetails();
    const frame = container.querySelector<HTMLElement>('[role="group"][tabindex="0"]')!;
    const image = () => frame.querySelector('img')!;
    expect(image().style.transform).toBe('none');
    await act(async () => frame.focus());
    expect(image().style.transform).toBe('scale(2)');
    await click(getByRoleName(container, 'button', 'Show picture 2'));
    expect(container.querySelector('[role="group"][tabindex="0"] img')?.getAttribute('src')).toBe('/images/lamp-2.png');
  });

  it('when a guest looks at the review form, then it is disabled with the login hint', async () => {
    const { container } = await renderDetails();
    expect(queryByText(container, 'Login first to write a review')).not.toBeNull();
    expect(labelled<HTMLTextAreaElement>(container, 'Your review').closest('fieldset')?.disabled).toBe(true);
  });

  it('when a review comment holds HTML, then it shows as text and no element is created from it', async () => {
    const { container } = await renderDetails();
    expect(queryByText(container, review.comment)).not.toBeNull();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('when a user sends a review, then the success text shows and the product reloads', async () => {
    const { container, calls } = await renderDetails({ who: user });
    await typeInto(labelled<HTMLTextAreaElement>(container, 'Your review'), ' Works well ');
    await typeInto(labelled<HTMLSelectElement>(container, 'Rating'), '5');
    await click(getByRoleName(container, 'button', 'Submit'));
    await settle();
    expect(queryByText(container, 'You successfuly reviewed the page!')).not.toBeNull();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ comment: 'Works well', rating: 5 });
    expect(post?.headers['X-CSRF']).toBe('1');
    expect(calls.filter((c) => c.url === '/api/products/get-one/p1')).toHaveLength(2);
  });

  it('when the review is incomplete, then the field messages show and nothing is sent', async () => {
    const { container, calls } = await renderDetails({ who: user });
    await click(getByRoleName(container, 'button', 'Submit'));
    expect(queryByText(container, 'Please write a comment')).not.toBeNull();
    expect(queryByText(container, 'Please choose a rating')).not.toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('when a refused review gets its comment, then that message goes and the rating one stays until a rating is chosen', async () => {
    const { container } = await renderDetails({ who: user });
    await click(getByRoleName(container, 'button', 'Submit'));
    await typeInto(labelled<HTMLTextAreaElement>(container, 'Your review'), 'Works well');
    expect(queryByText(container, 'Please write a comment')).toBeNull();
    expect(queryByText(container, 'Please choose a rating')).not.toBeNull();
    await typeInto(labelled<HTMLSelectElement>(container, 'Rating'), '4');
    expect(queryByText(container, 'Please choose a rating')).toBeNull();
  });

  it('when the server refuses the review, then its message shows', async () => {
    const { container } = await renderDetails({
      who: user,
      reviewAnswer: { status: 409, body: { message: 'You have already reviewed this product' } },
    });
    await typeInto(labelled<HTMLTextAreaElement>(container, 'Your review'), 'Again');
    await typeInto(labelled<HTMLSelectElement>(container, 'Rating'), '2');
    await click(getByRoleName(container, 'button', 'Submit'));
    await settle();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('You have already reviewed this product');
  });

  it('when the product has a name that closes a script, then the JSON-LD escapes it and still parses', async () => {
    await renderDetails();
    const script = document.querySelector('script[type="application/ld+json"]')!;
    expect(script.innerHTML).not.toContain('<');
    const data = JSON.parse(script.textContent ?? '') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@type': 'Product',
      name: PRODUCT.name,
      sku: 'p1',
      offers: { price: '19.99', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: 4, reviewCount: 1 },
    });
  });

  it('when the product is still loading or fails, then the loading text, then the server message shows', async () => {
    const pending = await renderDetails({ product: () => new Promise<never>(() => undefined) });
    expect(queryByText(pending.container, 'Loading product details ...')).not.toBeNull();
    await pending.unmount();
    const failed = await renderDetails({ product: { status: 404, body: { message: 'Product not found' } } });
    expect(failed.container.querySelector('[role="alert"]')?.textContent).toBe('Product not found');
    // Not there: a second try would find nothing either.
    expect(queryByRoleName(failed.container, 'button', 'Try again')).toBeNull();
  });

  it('when the product call fails otherwise, then the message shows with Try again, which asks again and shows the product', async () => {
    let answers = 0;
    const { container, calls } = await renderDetails({
      product: () => (answers++ === 0 ? { status: 503, body: { message: 'The shop is restarting' } } : { body: PRODUCT }),
    });
    const alert = container.querySelector<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toBe('The shop is restartingTry again');
    await click(getByRoleName(alert, 'button', 'Try again'));
    await settle();
    expect(calls.filter((c) => c.url.startsWith('/api/products/get-one/p1'))).toHaveLength(2);
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(queryByText(container, '$19.99')).not.toBeNull();
  });
});
