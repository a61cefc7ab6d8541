import { useCallback, useState } from 'react';

export type FieldErrorsOf<K extends string> = Partial<Record<K, string>>;

/**
 * What an error under a field becomes when the values change: an error stays only while its
 * field is still invalid (with the current message); a field never turns red while typing,
 * only on submit.
 */
export const keepStillInvalid = <K extends string>(shown: FieldErrorsOf<K>, found: FieldErrorsOf<K>): FieldErrorsOf<K> => {
  const next: FieldErrorsOf<K> = {};
  for (const key of Object.keys(shown) as K[]) {
    const message = found[key];
    if (message) next[key] = message;
  }
  return next;
};

/**
 * The errors shown under a form's fields. `check` (on submit) shows every error and says
 * whether the values are valid; `recheck` (on every change) clears the errors of the fields
 * that became valid. The errors are this form's own view of its typed values, so they stay
 * local to it rather than in a machine.
 */
export function useFieldErrors<V, K extends string>(validate: (values: V) => FieldErrorsOf<K>) {
  const [errors, setErrors] = useState<FieldErrorsOf<K>>({});
  const check = useCallback(
    (values: V): boolean => {
      const found = validate(values);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    [validate],
  );
  const recheck = useCallback(
    (values: V) => setErrors((shown) => (Object.keys(shown).length ? keepStillInvalid(shown, validate(values)) : shown)),
    [validate],
  );
  return { errors, check, recheck };
}
