import { useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';
import { useHydrated } from './hydration.ts';

/**
 * A server-rendered control works before the scripts do: a shopper picks a quantity, types a
 * search or ticks a filter in the server's HTML. Hydration leaves the DOM as it is, but the next
 * render writes the state's value back over it, silently undoing what the shopper did. So when the
 * element is hydrated, `adopt` reads what the DOM holds and gives it to whatever owns the value.
 * A mount the browser rendered itself adopts nothing: its DOM is the state's own (or not there yet).
 */
export function useAdoptDom<E extends Element>(adopt: (element: E) => void): RefObject<E | null> {
  const ref = useRef<E>(null);
  // False only in the render that hydrates the server's HTML (useHydrated's server snapshot).
  const hydrating = !useHydrated();
  const onMount = useEffectEvent(() => {
    if (hydrating && ref.current) adopt(ref.current);
  });
  // A layout effect: it runs in the commit that hydrates, before any later render can overwrite the DOM.
  useLayoutEffect(() => onMount(), []);
  return ref;
}
