import type { UserInfo } from '../../contracts/user.ts';
import { AuthContext, CartContext } from './providers.tsx';

/** The logged-in user (null for a guest). */
export const useUserInfo = (): UserInfo | null => AuthContext.useSelector((s) => s.context.userInfo);

/** Whether the user is an admin, read from the machine's tag. */
export const useIsAdmin = (): boolean => AuthContext.useSelector((s) => s.hasTag('admin'));

/** Sends events to the one auth actor (auth.login, auth.logout, ...). */
export const useAuthActor = () => AuthContext.useActorRef();

/** Sends events to the one cart actor (cart.add, cart.remove, ...). */
export const useCartActor = () => CartContext.useActorRef();

export const useCartItemsCount = (): number => CartContext.useSelector((s) => s.context.itemsCount);
