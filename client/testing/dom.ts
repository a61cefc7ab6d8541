import { act } from 'react';

/**
 * Small DOM helpers for component tests (no testing-library here). They find elements the
 * way a user does: by visible text, by label, by role and accessible name.
 */
const textOf = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

export const queryAllByText = (root: ParentNode, text: string | RegExp, selector = '*'): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>(selector)].filter((el) => {
    const t = textOf(el);
    const hit = typeof text === 'string' ? t === text : text.test(t);
    // the innermost element holding the text, not all its ancestors
    return hit && ![...el.children].some((child) => (typeof text === 'string' ? textOf(child) === text : text.test(textOf(child))));
  });

export const queryByText = (root: ParentNode, text: string | RegExp, selector?: string): HTMLElement | null =>
  queryAllByText(root, text, selector)[0] ?? null;

export const getByText = (root: ParentNode, text: string | RegExp, selector?: string): HTMLElement => {
  const el = queryByText(root, text, selector);
  if (!el) throw new Error(`No element with text ${String(text)} in:\n${(root as Element).innerHTML ?? ''}`);
  return el;
};

/** The form control a <label> with this text points at. */
export const getByLabelText = <T extends HTMLElement = HTMLInputElement>(root: ParentNode, text: string): T => {
  const label = [...root.querySelectorAll('label')].find((l) => textOf(l) === text);
  const control = label?.htmlFor
    ? ((root as Element).ownerDocument?.getElementById(label.htmlFor) ?? document.getElementById(label.htmlFor))
    : null;
  if (!control) throw new Error(`No control labelled "${text}"`);
  return control as T;
};

/** A button or link by its accessible name (aria-label or text). */
export const queryByRoleName = (root: ParentNode, role: 'button' | 'link', name: string | RegExp): HTMLElement | null => {
  const selector = role === 'button' ? 'button, [role="button"], summary' : 'a[href], [role="link"]';
  return (
    [...root.querySelectorAll<HTMLElement>(selector)].find((el) => {
      const n = el.getAttribute('aria-label') ?? textOf(el);
      return typeof name === 'string' ? n === name : name.test(n);
    }) ?? null
  );
};

export const getByRoleName = (root: ParentNode, role: 'button' | 'link', name: string | RegExp): HTMLElement => {
  const el = queryByRoleName(root, role, name);
  if (!el) throw new Error(`No ${role} named ${String(name)}`);
  return el;
};

export const click = async (el: Element): Promise<void> => {
  await act(async () => {
    (el as HTMLElement).click();
  });
};

/** Types into a React-controlled input: the native setter, then the input event React listens to. */
export const typeInto = async (el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): Promise<void> => {
  const proto =
    el instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : el instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
};

/** Submits as pressing Enter in a field does (implicit submission, no button pressed). */
export const submit = async (form: HTMLFormElement): Promise<void> => {
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
};

/** Lets pending promises (fetch answers, lazy chunks) settle inside act. */
export const settle = async (rounds = 5): Promise<void> => {
  for (let i = 0; i < rounds; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
};

/**
 * Lets promises settle until `found` returns something (a lazy chunk's first import can take a
 * while under load), then returns it; fails with `what` once `rounds` settles found nothing.
 */
export const settleUntil = async <T>(found: () => T | null | undefined, what: string, rounds = 200): Promise<T> => {
  for (let i = 0; i < rounds; i += 1) {
    const value = found();
    if (value !== null && value !== undefined) return value;
    await settle(1);
  }
  throw new Error(`${what} did not appear`);
};
