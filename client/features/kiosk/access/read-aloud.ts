import { useEffect, useRef } from 'react';
import type { Speech } from './speech.ts';
import { spokenMoney } from './spoken-money.ts';
import { spokenDialog, spokenName } from './spoken-name.ts';

const INTERACTIVE = 'a[href], button, input, select, textarea, [role="button"], [role="switch"], [role="link"], [tabindex]';
const LIVE = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"]';
const DIALOG = 'dialog, [role="dialog"], [role="alertdialog"]';

/** The dialog focus has just entered from outside it (the idle warning, the panel), if any: it is said before the control. */
const enteredDialog = (e: FocusEvent, el: Element): Element | null => {
  const dialog = el.closest(DIALOG);
  return dialog && !(e.relatedTarget instanceof Node && dialog.contains(e.relatedTarget)) ? dialog : null;
};

/** The element a focus or a touch is about: the control it is in, or the element itself. */
const controlOf = (target: EventTarget | null): Element | null =>
  target instanceof Element ? (target.closest(INTERACTIVE) ?? target) : null;

/** The live regions a change in `node` is in, or that arrived with it. */
const liveRegionsOf = (record: MutationRecord): Element[] => {
  const at = record.target instanceof Element ? record.target : record.target.parentElement;
  const found = at?.closest(LIVE);
  const added = [...record.addedNodes].filter((n): n is Element => n instanceof Element && n.matches(LIVE));
  return found ? [found, ...added] : added;
};

/**
 * Read aloud: says the focused or touched control (name, role, state), before it a dialog's name
 * and description as focus enters it (the idle warning arrives with its focus on its button), the
 * page's heading when the page changes (its title), and what live regions announce (cart updates,
 * errors, the idle warning's countdown), prices said as money. Nothing is listened to while it is off.
 */
export function useReadAloud(on: boolean, speech: Speech, volume: number) {
  const level = useRef(volume);
  level.current = volume;
  useEffect(() => {
    if (!on) return undefined;
    const say = (text: string, arrival = false) => speech.say(spokenMoney(text), level.current, { arrival });
    const onFocus = (e: FocusEvent) => {
      const el = controlOf(e.target);
      if (!el) return;
      // One utterance: a second would cut the first off.
      const dialog = enteredDialog(e, el);
      say(dialog ? `${spokenDialog(dialog)}. ${spokenName(el)}` : spokenName(el));
    };
    // A touch (not a key's click, which the focus already said).
    const onTouch = (e: MouseEvent) => {
      const el = controlOf(e.target);
      if (e.detail > 0 && el && el !== document.activeElement) say(spokenName(el));
    };
    const heading = () => {
      const h1 = document.querySelector('main h1') ?? document.querySelector('h1');
      // Heard whole: the page's first focus or announcement waits for it rather than cutting it off.
      if (h1) say(spokenName(h1), true);
    };
    const onLive = (records: MutationRecord[]) => {
      const regions = new Set(records.flatMap(liveRegionsOf));
      const text = [...regions].map((r) => r.textContent?.replace(/\s+/g, ' ').trim() ?? '').filter(Boolean);
      if (text.length > 0) say(text.join('. '));
    };
    const title = new MutationObserver(() => queueMicrotask(heading));
    const titleEl = document.querySelector('title');
    if (titleEl) title.observe(titleEl, { childList: true, characterData: true, subtree: true });
    const live = new MutationObserver(onLive);
    live.observe(document.body, { childList: true, characterData: true, subtree: true });
    document.addEventListener('focusin', onFocus);
    document.addEventListener('click', onTouch, { capture: true });
    return () => {
      title.disconnect();
      live.disconnect();
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('click', onTouch, { capture: true });
      speech.stop();
    };
  }, [on, speech]);
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Every control a shopper can reach, in reading order, within the open modal dialog if there is one. */
export const reachable = (doc: Document = document): HTMLElement[] => {
  const dialogs = [...doc.querySelectorAll<HTMLDialogElement>('dialog[open], [role="alertdialog"], [aria-modal="true"]')];
  const scope: ParentNode = dialogs.at(-1) ?? doc;
  return [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert], [aria-hidden="true"]') && el.checkVisibility?.({ visibilityProperty: true }) !== false,
  );
};

/**
 * Keys a field keeps for itself: the caret and a slider's value (left, right), a radio group's
 * choice. A list box's value moves with Enter's picker, so its arrows move on, as everywhere else.
 */
const keptByField = (el: Element | null, key: string): boolean => {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return false;
  return el.type === 'radio' || key === 'ArrowLeft' || key === 'ArrowRight';
};

/**
 * In the mode, a keypad's arrows move through every control in reading order (down and right
 * forward, up and left back), wrapping round, before any widget's own use of them; Enter
 * activates as the browser does.
 */
export function useArrowNavigation(on: boolean) {
  useEffect(() => {
    if (!on) return undefined;
    const onKey = (e: KeyboardEvent) => {
      const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[e.key];
      if (!step || keptByField(document.activeElement, e.key)) return;
      const all = reachable();
      if (all.length === 0) return;
      // First and alone: a widget's own arrows (a picture's zoom, a carousel) would trap a keypad's shopper.
      e.preventDefault();
      e.stopPropagation();
      const at = all.indexOf(document.activeElement as HTMLElement);
      const next = at < 0 ? (step > 0 ? 0 : all.length - 1) : (at + step + all.length) % all.length;
      all[next]?.focus();
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [on]);
}
