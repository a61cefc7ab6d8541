import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates the server's HTML (and on the server), true from the render after
 * it. Parts that depend on this browser's storage (the user in the header, the cart badge) show
 * their server form until then, so hydration never meets markup the server could not know.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
