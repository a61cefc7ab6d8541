import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { FieldError, fieldStyle, invalidBy, fieldWrap, labelStyle } from './text-field.tsx';
import { focusRing } from './theme.ts';
import { visuallyHiddenStyle } from './visually-hidden.tsx';

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** Keep the label for screen readers only, e.g. in a compact toolbar. */
  hideLabel?: boolean;
  error?: string | null;
};

/** A native select: keyboard and screen-reader behaviour come from the browser. */
export function Select({ label, options, hideLabel, error, ...select }: SelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div css={hideLabel ? undefined : fieldWrap}>
      <label htmlFor={id} css={hideLabel ? visuallyHiddenStyle : labelStyle}>
        {label}
      </label>
      <select id={id} css={[fieldStyle, focusRing]} {...invalidBy(errorId, error)} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
