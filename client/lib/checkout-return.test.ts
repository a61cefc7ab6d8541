import { describe, expect, it } from 'vitest';
import { afterSignIn } from './checkout-return.ts';

describe('where a login leads', () => {
  it('when a kiosk shopper logs in from the page they opened Login on, then they go back there, not to the profile; off a kiosk, home as the spec says', () => {
    const from = { returnTo: '/product-list/category/Books?page=2' };
    expect(afterSignIn('/login', from, true)).toEqual({ to: '/product-list/category/Books?page=2' });
    expect(afterSignIn('/login', from, false)).toBeNull();
    expect(afterSignIn('/login', null, true)).toBeNull();
  });

  it('when the state names no page of this shop (another site, the login page itself), then a kiosk login goes home', () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', '/login', '/register?x=1', 42])
      expect(afterSignIn('/login', { returnTo }, true)).toBeNull();
  });

  it('when the login came from the checkout, then it goes back to the checkout, kiosk or not', () => {
    expect(afterSignIn('/login', { returnTo: '/user/cart-details' }, true)).toEqual({ to: '/user/cart-details' });
  });
});
