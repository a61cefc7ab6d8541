import { css } from '@emotion/react';
import { useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { colors, focusRing, radius, space } from './theme.ts';

export const fieldStyle = css({
  display: 'block',
  width: '100%',
  minHeight: 40,
  padding: `${space(2)} ${space(3)}`,
  border: `1px solid ${colors.border}`,
  borderRadius: radius,
  font: 'inherit',
  color: colors.text,
  background: colors.background,
  '&[aria-invalid="true"]': { borderColor: colors.danger },
  '&:read-only': { background: colors.surface },
});

export const labelStyle = css({ display: 'block', fontWeight: 600, marginBottom: space(1) });
export const fieldWrap = css({ marginBottom: space(4) });
export const errorStyle = css({ color: colors.danger, margin: `${space(1)} 0 0`, fontSize: '0.9rem' });
export const hintStyle = css({ color: colors.muted, margin: `${space(1)} 0 0`, fontSize: '0.9rem' });

/** The error under a field, its id the one the field's aria-describedby names. */
export const FieldError = ({ id, error }: { id: string; error?: string | null }) =>
  error ? (
    <p id={id} css={errorStyle}>
      {error}
    </p>
  ) : null;

/** A control with an error is marked invalid and described by that error's text. */
export const invalidBy = (errorId: string, error?: string | null) => (error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {});

export type TextFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'id'> & {
  label: ReactNode;
  /** Shown under the field and tied to it with aria-describedby; also marks it invalid. */
  error?: string | null;
  hint?: ReactNode;
  multiline?: false;
};

/** A labelled input whose error text is visible on the page, never only a browser bubble. */
export function TextField({ label, error, hint, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div css={fieldWrap}>
      <label htmlFor={id} css={labelStyle}>
        {label}
      </label>
      <input id={id} css={[fieldStyle, focusRing]} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p id={hintId} css={hintStyle}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export type TextAreaProps = Omit<ComponentPropsWithoutRef<'textarea'>, 'id'> & { label: ReactNode; error?: string | null };

export function TextArea({ label, error, ...area }: TextAreaProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div css={fieldWrap}>
      <label htmlFor={id} css={labelStyle}>
        {label}
      </label>
      <textarea id={id} css={[fieldStyle, focusRing]} {...invalidBy(errorId, error)} {...area} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
