import { useEffect, useRef } from 'react';

/** What counts as a shopper being there: a touch, a click, a key (the on-screen keyboard's too), typing however it arrives (autofill, IME), a scroll. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

/** Marks a full-screen kiosk overlay: it counts a touch on its click, not on its press. */
export const OVERLAY_ATTRIBUTE = 'data-kiosk-overlay';

/**
 * Tells `onInput` of every input anywhere on the page, before any element handles it. A press
 * on an overlay is left to the overlay's click: were the overlay gone at the press, the release
 * would land on the page beneath it (a ghost click).
 */
export function useBrowserInput(onInput: () => void) {
  const latest = useRef(onInput);
  latest.current = onInput;
  useEffect(() => {
    const listener = (event: Event) => {
      const onOverlay = event.target instanceof Element && event.target.closest(`[${OVERLAY_ATTRIBUTE}]`) !== null;
      if (onOverlay && event.type !== 'keydown') return;
      latest.current();
    };
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
