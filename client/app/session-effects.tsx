import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CART_KEY } from '#machines/cart/cart-storage.ts';
import { setUnauthorizedHandler } from '../lib/api.ts';
import { useAuthActor, useCartActor } from '../lib/hooks.ts';
import { afterSignIn } from '../lib/checkout-return.ts';
import { homeOf, paths } from '../lib/paths.ts';
import { useKioskMode } from '../features/kiosk/kiosk-mode.ts';

/** Pages where a fresh login leaves for the user's home; elsewhere (a guarded page) it stays. */
const LOGIN_PAGES: readonly string[] = [paths.login.pattern, paths.register.pattern];

/**
 * Wires the app-wide actors to the browser: 401 answers, the auth machine's emitted events
 * (redirects, clearing the cart) and other tabs writing the cart. Other tabs' logins and
 * logouts reach the auth machine through its own otherTabs actor.
 */
export function SessionEffects() {
  const auth = useAuthActor();
  const cart = useCartActor();
  const navigate = useNavigate();
  // The router's path, not window.location's: a kiosk's memory router keeps the address at /kiosk.
  const location = useLocation();
  const where = useRef(location);
  where.current = location;
  const kiosk = useKioskMode().active;

  useEffect(() => setUnauthorizedHandler(() => auth.send({ type: 'auth.unauthorized' })), [auth]);

  useEffect(() => {
    const out = auth.on('auth.loggedOut', () => {
      cart.send({ type: 'cart.clear' });
      navigate(paths.login.to());
    });
    // Spec section 4: a login from /login or /register lands on the user's home, unless the
    // shopper came there from the checkout, or is at a kiosk (checkout-return.ts). A login in the form a route
    // guard shows keeps the page the user asked for (e.g. the checkout).
    const inn = auth.on('auth.loggedIn', ({ userInfo }) => {
      const { pathname, state } = where.current;
      if (!LOGIN_PAGES.includes(pathname)) return;
      const back = afterSignIn(pathname, state, kiosk);
      if (back) navigate(back.to, { state: back.state, replace: true });
      else navigate(homeOf(userInfo));
    });
    return () => {
      out.unsubscribe();
      inn.unsubscribe();
    };
  }, [auth, cart, navigate, kiosk]);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      // key null: another tab cleared the whole storage.
      if (e.key === CART_KEY || e.key === null) cart.send({ type: 'cart.storageChanged' });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [cart]);

  return null;
}
