// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '#contracts/order.ts';
import { readCart, totalsOf, writeCart } from '#machines/cart/cart-storage.ts';
import { memoryStorage } from '#machines/shared/storage.ts';
import { mockFetch } from '../../../testing/fetch-mock.ts';
import { click, getByRoleName, queryByRoleName, queryByText, settle } from '../../../testing/dom.ts';
import { renderWithApp, setupComponentTests } from '../../../testing/render.tsx';
import { KioskModeContext, type KioskMode } from '../../kiosk/kiosk-mode.ts';
import { CartPage } from '../cart-page.tsx';
import { HandoffPage } from './handoff-page.tsx';

setupComponentTests();

const line = (productID: string, quantity: number, price = 10, count = 5): CartItem => ({
  productID,
  name: `Product ${productID}`,
  price,
  count,
  quantity,
});
const TOKEN = 'k'.repeat(43);
/** A fresh token per phone: a page never sends one token's claim twice (live-handoff.ts). */
let tokens = 0;
const freshToken = () => `${TOKEN.slice(0, 40)}${String(tokens++).padStart(3, '0')}`;

/** Waits for the kiosk-only chunk (loaded on demand) to show the button. */
const offerButton = async (root: HTMLElement): Promise<HTMLElement> => {
  for (let i = 0; i < 100 && !queryByRoleName(root, 'button', 'Continue on your phone'); i += 1) await settle(2);
  return getByRoleName(root, 'button', 'Continue on your phone');
};
const untilQr = async (root: HTMLElement): Promise<Element | null> => {
  for (let i = 0; i < 100 && !root.querySelector('svg[role="img"]'); i += 1) await settle(2);
  return root.querySelector('svg[role="img"]');
};

const renderCart = async (items: CartItem[], mode: Partial<KioskMode>) => {
  const local = memoryStorage();
  writeCart(local, totalsOf(items));
  const kiosk: KioskMode = { active: true, handoffShown: vi.fn(), handoffHidden: vi.fn(), leave: vi.fn(), ...mode };
  const view = await renderWithApp(
    <KioskModeContext.Provider value={kiosk}>
      <CartPage />
    </KioskModeContext.Provider>,
    { route: '/cart', storages: { local, session: memoryStorage() } },
  );
  return { ...view, kiosk };
};

describe('the kiosk cart page', () => {
  it('when the shop is no kiosk, then the cart offers no hand-off', async () => {
    const { container } = await renderCart([line('a', 1)], { active: false });
    await settle(20);
    expect(queryByRoleName(container, 'button', 'Continue on your phone')).toBeNull();
  });

  it('when a kiosk shopper presses Continue on your phone, then only ids and quantities are sent and a QR code of the link shows until Done', async () => {
    const calls = mockFetch({ 'POST /api/handoffs': { status: 201, body: { token: TOKEN, expiresAt: '2026-11-24T18:00:00.000Z' } } });
    const { container, kiosk } = await renderCart([line('a', 2), line('b', 1, 3.5)], {});
    await click(await offerButton(container));
    await untilQr(container);

    // (the page's stock check asks GET /api/products/get-one/… first)
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.method, c.url, c.body])).toEqual([
      [
        'POST',
        '/api/handoffs',
        {
          lines: [
            { productID: 'a', quantity: 2 },
            { productID: 'b', quantity: 1 },
          ],
        },
      ],
    ]);
    const qr = container.querySelector('svg[role="img"]');
    expect(qr?.getAttribute('data-link')).toBe(`${window.location.origin}/handoff#${TOKEN}`);
    expect(qr?.getAttribute('aria-label')).toContain(`/handoff#${TOKEN}`);
    expect(qr?.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(queryByText(container, /The code works once, until/)).not.toBeNull();
    expect(kiosk.handoffShown).toHaveBeenCalledTimes(1);
    expect(kiosk.handoffHidden).not.toHaveBeenCalled();

    await click(getByRoleName(container, 'button', 'Done'));
    expect(container.querySelector('svg[role="img"]')).toBeNull();
    expect(kiosk.handoffHidden).toHaveBeenCalledTimes(1);
  });

  it('when the kiosk’s accessibility mode is on, then the link carries its larger text and high contrast', async () => {
    mockFetch({ 'POST /api/handoffs': { status: 201, body: { token: TOKEN, expiresAt: '2026-11-24T18:00:00.000Z' } } });
    const { container } = await renderCart([line('a', 1)], { handoffDisplay: { largerText: true, highContrast: true } });
    await click(await offerButton(container));
    const qr = await untilQr(container);
    expect(qr?.getAttribute('data-link')).toBe(`${window.location.origin}/handoff#${TOKEN}&display=larger-text,high-contrast`);
  });

  it('when the QR is showing and the shopper leaves the cart page, then the kiosk hears it is gone', async () => {
    mockFetch({ 'POST /api/handoffs': { status: 201, body: { token: TOKEN, expiresAt: '2026-11-24T18:00:00.000Z' } } });
    const { container, kiosk, unmount } = await renderCart([line('a', 1)], {});
    await click(await offerButton(container));
    await untilQr(container);
    await unmount();
    expect(kiosk.handoffHidden).toHaveBeenCalledTimes(1);
  });

  it('when the server refuses, then its sentence shows with Try again, and no QR', async () => {
    mockFetch({ 'POST /api/handoffs': { status: 429, body: { message: 'Too many requests. Wait a minute and try again.' } } });
    const { container, kiosk } = await renderCart([line('a', 1)], {});
    await click(await offerButton(container));
    await settle();
    expect(queryByText(container, /^Too many requests. Wait a minute and try again./, '[role="alert"]')).not.toBeNull();
    expect(queryByRoleName(container, 'button', 'Try again')).not.toBeNull();
    expect(container.querySelector('svg[role="img"]')).toBeNull();
    expect(kiosk.handoffShown).not.toHaveBeenCalled();
  });
});

const renderPhone = async (hash: string, routes: Parameters<typeof mockFetch>[0]) => {
  const calls = mockFetch(routes);
  const local = memoryStorage();
  writeCart(local, totalsOf([line('old', 1)]));
  const view = await renderWithApp(<HandoffPage />, { route: `/handoff${hash}`, storages: { local, session: memoryStorage() } });
  await settle(10);
  return { ...view, calls, local };
};

const product = (id: string, price: number, count: number) => ({
  _id: id,
  name: `Today's ${id}`,
  price,
  count,
  images: [{ path: `/images/${id}.png` }],
});

describe('the phone page', () => {
  it("when the link is claimed, then the phone's cart is the kiosk's at today's prices, stored, and shown", async () => {
    const token = freshToken();
    const { container, calls, local } = await renderPhone(`#${token}`, {
      'POST /api/handoffs/claim': {
        body: {
          lines: [
            { productID: 'a', quantity: 2 },
            { productID: 'b', quantity: 1 },
          ],
        },
      },
      'GET /api/products/get-one/a': { body: product('a', 12, 9) },
      'GET /api/products/get-one/b': { body: product('b', 3, 4) },
    });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/handoffs/claim', body: { token } });
    expect(queryByText(container, 'Your cart from the kiosk is here.')).not.toBeNull();
    expect(readCart(local).items.map((i) => [i.productID, i.name, i.price, i.quantity])).toEqual([
      ['a', "Today's a", 12, 2],
      ['b', "Today's b", 3, 1],
    ]);
    expect(queryByText(container, 'Shopping Cart')).not.toBeNull();
    expect(queryByText(container, '$27.00')).not.toBeNull();
  });

  it.each([
    [410, 'This link has already been used'],
    [410, 'This link has expired'],
    [404, 'This link is not valid'],
  ])('when the claim answers %i "%s", then the page says so, links to the shop and the phone keeps its cart', async (status, message) => {
    const { container, local } = await renderPhone(`#${freshToken()}`, { 'POST /api/handoffs/claim': { status, body: { message } } });
    expect(queryByText(container, message, 'h1')).not.toBeNull();
    expect(getByRoleName(container, 'link', 'Go to the shop').getAttribute('href')).toBe('/');
    expect(readCart(local).items.map((i) => i.productID)).toEqual(['old']);
  });

  it('when the link carries the kiosk’s larger text and high contrast, then only the token is claimed, the phone shows both, and Turn off ends them', async () => {
    const token = freshToken();
    const { container, calls } = await renderPhone(`#${token}&display=larger-text,high-contrast`, {
      'POST /api/handoffs/claim': { body: { lines: [{ productID: 'a', quantity: 1 }] } },
      'GET /api/products/get-one/a': { body: product('a', 12, 9) },
    });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/handoffs/claim', body: { token } });
    const html = document.documentElement;
    expect([html.hasAttribute('data-larger-text'), html.hasAttribute('data-high-contrast')]).toEqual([true, true]);
    expect(document.getElementById('handoff-display')?.textContent).toContain('html[data-high-contrast] body');
    expect(queryByText(container, /^Larger text and high contrast from the kiosk are on for this visit\./)).not.toBeNull();

    await click(getByRoleName(container, 'button', 'Turn off'));
    await settle(5);
    expect([html.hasAttribute('data-larger-text'), html.hasAttribute('data-high-contrast')]).toEqual([false, false]);
    expect(queryByText(container, /^Larger text and high contrast from the kiosk are on for this visit\./)).toBeNull();
  });

  it('when the page has no token, then it says the link is not valid without asking the server', async () => {
    const { container, calls } = await renderPhone('', {});
    expect(queryByText(container, 'This link is not valid', 'h1')).not.toBeNull();
    expect(calls).toEqual([]);
  });
});
