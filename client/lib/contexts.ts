import { createActorContext } from '@xstate/react';
import { liveAuthMachine, liveCartMachine } from './machines.ts';

// AppProviders (client/app/providers.tsx) mounts the actors; features read them through these contexts.

/** One auth actor for the whole app; read it with `AuthContext.useSelector`. */
export const AuthContext = createActorContext(liveAuthMachine);
/** One cart actor for the whole app; read it with `CartContext.useSelector`. */
export const CartContext = createActorContext(liveCartMachine);
