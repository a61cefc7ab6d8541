// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { SharedScreen } from '#contracts/shared-screen.ts';
import { queryByText } from '../../testing/dom.ts';
import { renderWithApp, setupComponentTests } from '../../testing/render.tsx';
import { ShopperScreen } from './shopper-screen.tsx';

setupComponentTests();

const screen = (over: Partial<SharedScreen>): SharedScreen => ({
  path: '/cart',
  title: 'Cart',
  signedInAs: null,
  cart: [],
  step: null,
  error: null,
  events: [],
  ...over,
});
const show = async (shared: SharedScreen) => {
  await renderWithApp(<ShopperScreen screen={shared} who="Guest 4" onAsk={() => undefined} />);
  return document.body.querySelector('[aria-label="Shopper\'s screen of Guest 4"]')!.textContent;
};

describe("the shopper's screen on a conversation's card", () => {
  it('when a partner page is shared, then the card says so with its address and title, and no shop cart', async () => {
    const text = await show(screen({ path: 'https://partner.test/tents?id=3', title: 'Tents' }));
    expect(text).toContain('On a partner site');
    expect(text).toContain('Tents (https://partner.test/tents?id=3)');
    expect(queryByText(document.body, 'The cart is empty')).toBeNull();
  });

  it('when a kiosk shares, then the card names the kiosk', async () => {
    expect(await show(screen({ kiosk: 'Entrance' }))).toContain('Kiosk Entrance');
  });
});
