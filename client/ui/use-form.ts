import { useCallback, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';

/** One message a field: the first the schema gives for it. */
export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/** Values a form holds as typed: every field the hook hands out is one of them. */
type Values = Record<string, unknown>;

/** The schema's issues under the fields they name (the first segment of each path). */
const errorsOf = <V>(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors<V> => {
  const found: FieldErrors<V> = {};
  for (const { path, message } of issues) {
    const key = path[0] as keyof V | undefined;
    if (key !== undefined && found[key] === undefined) found[key] = message;
  }
  return found;
};

/**
 * Every form of the shop: one zod schema (zod/mini: the full zod would weigh 95 KB in the
 * browser) and one behaviour, so a shopper meets the same rules on every page.
 * - Nothing turns red while the user first types: the schema runs on submit, which shows every
 *   field's error and moves the focus to the first invalid field of the form.
 * - From the first submit on, every change runs it again: an error clears as soon as its field
 *   is corrected, and shows again if it becomes invalid.
 * - A valid submit hands the schema's output (trimmed, converted) to `onValid`; what the send
 *   does (busy, refused, done) is its machine's, which the page shows from the machine.
 * The fields tie their errors with aria-invalid and aria-describedby (TextField, Select).
 */
export function useForm<V extends Values, O>(schema: z.ZodMiniType<O, V>, initial: V | (() => V), onValid: (output: O) => void) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);
  // The form element, or the group of fields of a form inside another one (a new attribute).
  const root = useRef<HTMLElement | null>(null);
  const formRef = useCallback((element: HTMLElement | null) => {
    root.current = element;
  }, []);
  const focusPending = useRef(false);

  /** The first invalid field in the form's order takes the focus (also for a refusal the server tied to a field). */
  const focusFirstInvalid = useCallback(() => root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), []);

  // After the errors of a refused submit are on the page.
  useLayoutEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    focusFirstInvalid();
  });

  const change = (next: V) => {
    setValues(next);
    if (!submitted) return;
    const result = schema.safeParse(next);
    setErrors(result.success ? {} : errorsOf<V>(result.error.issues));
  };

  const set = <K extends keyof V>(name: K, value: V[K]) => change({ ...values, [name]: value });

  /** The props of a text input, textarea or select bound to one string field. */
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name] as string,
    error: errors[name] ?? null,
    onChange: (e: { target: { value: string } }) => set(name, e.target.value as V[K]),
  });

  /** Checks the values and hands them on when valid; says whether they were. */
  const submit = (e?: FormEvent): boolean => {
    e?.preventDefault();
    setSubmitted(true);
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      onValid(result.data);
      return true;
    }
    setErrors(errorsOf<V>(result.error.issues));
    focusPending.current = true;
    return false;
  };

  /** Starts the form afresh (after a send that clears it): no errors until the next submit. */
  const reset = (next: V) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, field, set, change, submit, reset, formRef, focusFirstInvalid };
}

/** What useForm hands a form component over values V (for a component that renders part of a page's form). */
export type Form<V extends Values> = ReturnType<typeof useForm<V, unknown>>;
