import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';

/**
 * Where the keyboard goes when the control that opened a dialog is gone (the line or row it
 * removed): the page's heading, made focusable without entering the tab order, so a screen
 * reader says where it is and Tab goes on from the top of the page's content.
 */
const focusPageHeading = (): void => {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
};

/**
 * Opens a native <dialog> as a modal while `open` (the browser then traps focus and Escape
 * fires `cancel`) and closes it otherwise; `onShown` runs once it is shown, e.g. to place focus.
 * Closing gives the focus back to what opened it, as the browser does, or to the page's heading
 * when that is no longer on the page. Without showModal (older test DOMs) the `open` attribute stands in.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean, onShown?: () => void): void {
  // Read when the dialog opens, not a reason to run again: a new function each render must not reopen it.
  const shown = useEffectEvent(() => onShown?.());
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      shown();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (opener.current && !opener.current.isConnected) focusPageHeading();
      opener.current = null;
    }
  }, [open, ref]);
}
