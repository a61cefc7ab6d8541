import { useEffect, useState, useSyncExternalStore } from 'react';

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

/**
 * False while hydrating and in the task that ends it, true from a task of its own after it: what
 * no first view needs (the floating chat button) mounts then, and not in the task that finishes
 * hydration, which was the page's longest (issue 26).
 */
export const useAfterHydration = (): boolean => {
  const [later, setLater] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLater(true));
    return () => clearTimeout(timer);
  }, []);
  return later;
};
