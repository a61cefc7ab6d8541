import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { accessOn } from '#machines/kiosk/access.ts';
import { isTextField } from '../touch/touch-rules.ts';
import { useKioskAccess } from './access-context.ts';

/** What Escape closes first: a dialog, the idle warning, the on-screen keyboard. */
const CLOSES_FIRST = 'dialog[open], [role="alertdialog"], [aria-modal="true"], [aria-label="On-screen keyboard"]';

/**
 * In the accessibility mode Escape goes back a page in the kiosk's own history, as a keypad's
 * Back key does, once nothing on screen takes it. Rendered inside the kiosk's router.
 */
export function EscapeGoesBack() {
  const on = accessOn(useKioskAccess().access);
  const navigate = useNavigate();
  useEffect(() => {
    if (!on) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || isTextField(e.target) || document.querySelector(CLOSES_FIRST)) return;
      void navigate(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [on, navigate]);
  return null;
}
