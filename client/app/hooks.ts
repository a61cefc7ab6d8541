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

export const useCartItemsCount = (): number => CartContext.useSelector((s) => s.context.itemsCount);
