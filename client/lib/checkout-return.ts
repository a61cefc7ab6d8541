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
 * Where a login or registration made on `pathname` leads when its entry came from the checkout:
 * a login back to it, a registration (no address yet) to the profile offering the way back.
 */
export const afterSignIn = (pathname: string, state: unknown): { to: string; state?: CheckoutReturn } | null => {
  const checkout = checkoutReturnOf(state);
  if (!checkout) return null;
  return pathname === paths.register.to() ? { to: paths.user.profile.to(), state: { returnTo: checkout } } : { to: checkout };
};

/** The state a link passes on from `pathname`, when it is the checkout. */
export const checkoutReturnFrom = (pathname: string): CheckoutReturn | undefined =>
  pathname === paths.user.cartDetails.to() ? { returnTo: pathname } : undefined;
