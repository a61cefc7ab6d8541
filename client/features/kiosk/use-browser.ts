import { useEffect, useRef } from 'react';

/** What counts as a shopper being there: a touch, a click, a key (the on-screen keyboard's too), a scroll. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Tells `onInput` of every input anywhere on the page, before any element handles it. */
export function useBrowserInput(onInput: () => void) {
  const latest = useRef(onInput);
  latest.current = onInput;
  useEffect(() => {
    const listener = () => latest.current();
    for (const type of INPUT_EVENTS) window.addEventListener(type, listener, { capture: true, passive: true });
    return () => {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, listener, { capture: true });
    };
  }, []);
}

/**
 * Back (a mouse button, a gesture, Alt+Left) must not leave the kiosk: the page keeps one extra
 * history entry and puts it back whenever Back takes it.
 */
export function useStayOnPage() {
  useEffect(() => {
    window.history.pushState({ kiosk: true }, '', window.location.href);
    const onPop = () => window.history.pushState({ kiosk: true }, '', window.location.href);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
}
