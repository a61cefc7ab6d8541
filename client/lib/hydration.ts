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
 * False while hydrating and until the browser is next idle, true from then on: what no first view
 * needs (the floating chat button) mounts then, in a task of its own once React's hydration passes
 * are done, and not in the task that finishes hydration, which was the page's longest.
 * Not a timer: an update between the passes that hydrate the boundaries below the first screen
 * (ui/hydrate-later.tsx) would render at once, in a long task of its own.
 */
export const useAfterHydration = (): boolean => {
  const [later, setLater] = useState(false);
  useEffect(() => {
    // Nothing to cancel on unmount: setting the state of a component that left does nothing.
    const done = () => setLater(true);
    // Safari has no requestIdleCallback: a timer late enough for the passes to be done stands in.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(done);
    else setTimeout(done, 500);
  }, []);
  return later;
};
