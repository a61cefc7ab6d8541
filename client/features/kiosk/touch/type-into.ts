import type { TextField } from './touch-rules.ts';

/**
 * Sets a field's value the way a person typing does, so React's onChange sees it: the
 * prototype's own value setter (React watches the element's), then a bubbling input event.
 */
export const setFieldValue = (field: TextField, value: string) => {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

/** The caret or selection; fields without one (email, number) type at the end. */
const selectionOf = (field: TextField): [number, number] => {
  const end = field.value.length;
  try {
    return [field.selectionStart ?? end, field.selectionEnd ?? end];
  } catch {
    return [end, end];
  }
};

const placeCaret = (field: TextField, at: number) => {
  try {
    field.setSelectionRange(at, at);
  } catch {
    // email and number fields have no selection API: their caret stays at the end
  }
};

/**
 * One key of the on-screen keyboard into the field: a character replaces the selection,
 * {bksp} deletes it or the character before the caret, {enter} is a new line in a text area
 * and submits an input's form, as Enter does.
 */
export const typeInto = (field: TextField, key: string) => {
  if (key === '{enter}' && field instanceof HTMLInputElement) {
    field.form?.requestSubmit();
    return;
  }
  const [start, end] = selectionOf(field);
  const { value } = field;
  if (key === '{bksp}') {
    const from = start === end ? Math.max(0, start - 1) : start;
    setFieldValue(field, value.slice(0, from) + value.slice(end));
    placeCaret(field, from);
    return;
  }
  const text = key === '{space}' ? ' ' : key === '{enter}' ? '\n' : key;
  if (text.startsWith('{')) return;
  setFieldValue(field, value.slice(0, start) + text + value.slice(end));
  placeCaret(field, start + text.length);
};
