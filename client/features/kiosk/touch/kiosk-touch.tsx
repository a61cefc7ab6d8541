import { Global } from '@emotion/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { isTextField, kioskTouchCss, refuseLeavingClick, refuseLeavingSubmit, type TextField } from './touch-rules.ts';

// The keyboard library and its CSS come only with this chunk, fetched the first time a field
// gets focus in kiosk mode: the shop's first load never carries them.
const OnScreenKeyboard = lazy(() => import('./on-screen-keyboard.tsx'));

const KEYBOARD_SELECTOR = '[aria-label="On-screen keyboard"]';

/**
 * Kiosk mode's touch-first rules for the whole page while mounted (the kiosk shell mounts it):
 * 64 px targets, kiosk-sized text, no text selection, context menu or pinch zoom, no way out of the shop (outside
 * links hidden and refused, no downloads, no new windows), and an on-screen keyboard for the
 * focused text field.
 */
export function KioskTouch() {
  // The field the keyboard types into: it mirrors where focus is, it is not a flow of the shop.
  const [field, setField] = useState<TextField | null>(null);
  const origin = window.location.origin;

  useEffect(() => {
    const noMenu = (e: Event) => e.preventDefault();
    const onClick = (e: Event) => {
      if (e instanceof MouseEvent) refuseLeavingClick(e, origin);
    };
    const onSubmit = (e: Event) => {
      if (e instanceof SubmitEvent) refuseLeavingSubmit(e, origin);
    };
    // ctrl + wheel is the desktop pinch: the kiosk's page keeps its size
    const onWheel = (e: Event) => {
      if (e instanceof WheelEvent && e.ctrlKey) e.preventDefault();
    };
    const open = window.open;
    window.open = () => null;
    const listeners: [string, EventListener, AddEventListenerOptions][] = [
      ['contextmenu', noMenu, { capture: true }],
      ['dragstart', noMenu, { capture: true }],
      ['click', onClick, { capture: true }],
      ['auxclick', onClick, { capture: true }],
      ['submit', onSubmit, { capture: true }],
      ['wheel', onWheel, { capture: true, passive: false }],
    ];
    for (const [type, listener, options] of listeners) window.addEventListener(type, listener, options);
    return () => {
      window.open = open;
      for (const [type, listener, options] of listeners) window.removeEventListener(type, listener, options);
    };
  }, [origin]);

  useEffect(() => {
    const onFocusIn = (e: FocusEvent) => {
      if (isTextField(e.target)) setField(e.target);
      else if (!(e.target instanceof Element && e.target.closest(KEYBOARD_SELECTOR))) setField(null);
    };
    // A tap on the page outside any field closes it; a press on a key keeps the field's focus,
    // and a key the keypad's arrows moved to keeps the keyboard.
    const onFocusOut = () =>
      setTimeout(() => {
        const at = document.activeElement;
        if (!isTextField(at) && !at?.closest(KEYBOARD_SELECTOR)) setField(null);
      }, 0);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setField(null);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <>
      <Global styles={kioskTouchCss(origin)} />
      {field ? (
        <Suspense fallback={null}>
          <OnScreenKeyboard field={field} onClose={() => setField(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
