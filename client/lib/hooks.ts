import type { UserInfo } from '#contracts/user.ts';
import { useHydrated } from './hydration.ts';
import { AuthContext, CartContext } from './contexts.ts';

// Who is logged in and what the cart holds come from this browser's storage, which the server
// never sees: until the page is hydrated these read as the server rendered them (nobody known
// yet, an empty cart), so hydration meets the same markup; the render after shows the real ones.

/** The logged-in user (null for a guest). */
export const useUserInfo = (): UserInfo | null => {
  const user = AuthContext.useSelector((s) => s.context.userInfo);
  return useHydrated() ? user : null;
};

/** True while a tab with nothing stored asks the server whether a session exists: show nobody yet. */
export const useAuthRestoring = (): boolean => {
  const restoring = AuthContext.useSelector((s) => s.hasTag('restoring'));
  return !useHydrated() || restoring;
};

/** Whether the user is an admin, read from the machine's tag. */
export const useIsAdmin = (): boolean => {
  const admin = AuthContext.useSelector((s) => s.hasTag('admin'));
  return useHydrated() && admin;
};

/** Sends events to the one auth actor (auth.login, auth.logout, ...). */
export const useAuthActor = () => AuthContext.useActorRef();

/** Sends events to the one cart actor (cart.add, cart.remove, ...). */
export const useCartActor = () => CartContext.useActorRef();

export const useCartItemsCount = (): number => {
  const count = CartContext.useSelector((s) => s.context.itemsCount);
  return useHydrated() ? count : 0;
};
