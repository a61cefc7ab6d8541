import { useLocation } from 'react-router-dom';
import { paths } from './paths.ts';

/** What the register link on the checkout's login form, and then the register page, carry in the history state. */
export type CheckoutReturn = { returnTo: string };

/**
 * The checkout, when the page was reached from it (the login form the guard shows there, then
 * the register page): the shopper goes back there. Only the checkout is taken from the state.
 */
export function useCheckoutReturn(): string | null {
  return checkoutReturnOf(useLocation().state);
}

/** The checkout named by a history entry's state, or null. */
export const checkoutReturnOf = (state: unknown): string | null => {
  const from = (state as Partial<CheckoutReturn> | null)?.returnTo;
  return from === paths.user.cartDetails.to() ? from : null;
};

/**
 * The page a kiosk shopper opened Login from (the header's link carries it): a path of this
 * shop, never the login or register page itself; null otherwise.
 */
export const kioskReturnOf = (state: unknown): string | null => {
  const from = (state as Partial<CheckoutReturn> | null)?.returnTo;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  const path = from.split(/[?#]/)[0];
  return path === paths.login.to() || path === paths.register.to() ? null : from;
};

/**
 * Where a login or registration made on `pathname` leads when its entry came from the checkout:
 * a login back to it, a registration (no address yet) to the profile offering the way back.
 * On a kiosk a login also goes back to the page it was opened from: the profile would show the
 * shopper's address and phone on a public screen.
 */
export const afterSignIn = (pathname: string, state: unknown, kiosk = false): { to: string; state?: CheckoutReturn } | null => {
  const checkout = checkoutReturnOf(state);
  if (!checkout) {
    const back = kiosk && pathname === paths.login.to() ? kioskReturnOf(state) : null;
    return back ? { to: back } : null;
  }
  return pathname === paths.register.to() ? { to: paths.user.profile.to(), state: { returnTo: checkout } } : { to: checkout };
};

/** The state a link passes on from `pathname`, when it is the checkout. */
export const checkoutReturnFrom = (pathname: string): CheckoutReturn | undefined =>
  pathname === paths.user.cartDetails.to() ? { returnTo: pathname } : undefined;
