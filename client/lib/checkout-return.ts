import { useLocation } from 'react-router-dom';
import { paths } from './paths.ts';

/** What the register link on the checkout's login form, and then the register page, carry in the history state. */
export type CheckoutReturn = { returnTo: string };

/**
 * The checkout, when the page was reached from it (the login form the guard shows there, then
 * the register page): the shopper goes back there. Only the checkout is taken from the state.
 */
export function useCheckoutReturn(): string | null {
  const from = (useLocation().state as Partial<CheckoutReturn> | null)?.returnTo;
  return from === paths.user.cartDetails.to() ? from : null;
}

/** The state a link passes on from `pathname`, when it is the checkout. */
export const checkoutReturnFrom = (pathname: string): CheckoutReturn | undefined =>
  pathname === paths.user.cartDetails.to() ? { returnTo: pathname } : undefined;
