import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * Opens a native <dialog> as a modal while `open` (the browser then traps focus and Escape
 * fires `cancel`) and closes it otherwise; `onShown` runs once it is shown, e.g. to place focus.
 * Without showModal (older test DOMs) the `open` attribute stands in.
 */
export function useModalDialog(ref: RefObject<HTMLDialogElement | null>, open: boolean, onShown?: () => void): void {
  // Read when the dialog opens, not a reason to run again: a new function each render must not reopen it.
  const shown = useEffectEvent(() => onShown?.());
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      shown();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open, ref]);
}
