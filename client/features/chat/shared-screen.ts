import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { SharedCartLine, SharedScreen } from '#contracts/shared-screen.ts';
import { shareable } from '#machines/shared/support-view-fields.ts';
import { AuthContext, CartContext } from '../../lib/contexts.ts';

type CartLine = { name: string; quantity: number; price: number };

/** A line's stock note is the cart page's sentence about it (`Airpods: only 2 left, …`), without the name. */
const noteOf = (name: string, notes: readonly string[]) =>
  notes
    .find((n) => n.startsWith(`${name}:`) || n.startsWith(`${name} `))
    ?.slice(name.length)
    .replace(/^:?\s*/, '');

const stepOf = (path: string): string | null => {
  if (path.startsWith('/cart')) return 'Cart';
  if (path.startsWith('/checkout')) return 'Checkout';
  return null;
};

/**
 * What support sees of this page while the shopper shares (decision 023): built from the
 * machines' contexts through their declared shareable fields only (support-view-fields.ts),
 * so passwords, tokens, addresses and the like are never read here. Sent through `send`
 * whenever it changes; the hub coalesces and drops it when sharing stops.
 */
export const useSharedScreen = (sharing: boolean, send: (screen: SharedScreen) => void): void => {
  const { pathname } = useLocation();
  const auth = AuthContext.useSelector((s) => s.context);
  const cartContext = CartContext.useSelector((s) => s.context);
  const screen = useMemo((): Omit<SharedScreen, 'title'> => {
    const who = shareable('auth', auth) as { userInfo: { name?: string } | null; error: string | null };
    const cart = shareable('cart', cartContext) as { items: CartLine[]; notes: string[] };
    const lines = cart.items.map(({ name, quantity, price }): SharedCartLine => {
      const note = noteOf(name, cart.notes);
      return { name, quantity, price, ...(note ? { note } : {}) };
    });
    return { path: pathname, signedInAs: who.userInfo?.name ?? null, cart: lines, step: stepOf(pathname), error: who.error, events: [] };
  }, [pathname, auth, cartContext]);
  useEffect(() => {
    if (!sharing) return;
    // The page sets its title as it renders: read it once this render has landed.
    const timer = setTimeout(() => send({ ...screen, title: document.title.slice(0, 200) }), 50);
    return () => clearTimeout(timer);
  }, [sharing, screen, send]);
};
