import { act } from 'react';

/** Input types where a browser turns Enter into the form's implicit submission (HTML 4.10.21.2). */
const IMPLICIT_SUBMIT = new Set([
  'text',
  'search',
  'url',
  'tel',
  'email',
  'password',
  'date',
  'month',
  'week',
  'time',
  'datetime-local',
  'number',
]);

/**
 * Presses Enter in a field as a browser does: the keydown goes first and, unless a handler
 * prevented its default, Enter in a text-like input submits the form through its submit button
 * (happy-dom does not do this by itself). Answers whether the form was submitted.
 */
export const pressEnter = async (field: HTMLElement): Promise<boolean> => {
  let submitted = false;
  await act(async () => {
    const allowed = field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    const form = (field as HTMLInputElement).form ?? null;
    if (!allowed || !form || !(field instanceof HTMLInputElement) || !IMPLICIT_SUBMIT.has(field.type)) return;
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])');
    if (!button || button.disabled) return;
    submitted = true;
    form.requestSubmit(button);
  });
  return submitted;
};
