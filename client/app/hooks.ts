import type { UserInfo } from '../../contracts/user.ts';
import { AuthContext, CartContext } from './providers.tsx';

/** The logged-in user (null for a guest). */
export const useUserInfo = (): UserInfo | null => AuthContext.useSelector((s) => s.context.userInfo);

/** True while a tab with nothing stored asks the server whether a session exists: show nobody yet. */
export const useAuthRestoring = (): boolean => AuthContext.useSelector((s) => s.hasTag('restoring'));

/** True once the auth machine has settled with nobody logged in (not while it still asks). */
export const useIsGuest = (): boolean => AuthContext.useSelector((s) => s.hasTag('guest'));

/** Whether the user is an admin, read from the machine's tag. */
export const useIsAdmin = (): boolean => AuthContext.useSelector((s) => s.hasTag('admin'));

/** Sends events to the one auth actor (auth.login, auth.logout, ...). */
export const useAuthActor = () => AuthContext.useActorRef();

/** Sends events to the one cart actor (cart.add, cart.remove, ...). */
export const useCartActor = () => CartContext.useActorRef();

/** The quantity of `productID` the shopper just added (the cart machine's `lastAdded`), else null. */
export const useJustAdded = (productID: string): number | null =>
  CartContext.useSelector((s) => (s.context.lastAdded?.productID === productID ? s.context.lastAdded.quantity : null));

export const useCartItemsCount = (): number => CartContext.useSelector((s) => s.context.itemsCount);
