import { css } from '@emotion/react';
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { colors, focusRing, space } from './theme.ts';

const row = css({ display: 'flex', alignItems: 'center', gap: space(2), marginBottom: space(2), minHeight: 32 });
const box = css({ width: 18, height: 18, margin: 0, accentColor: colors.primary });

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> & { label: ReactNode };

/** A native checkbox with its label beside it (the label is clickable too). */
export function Checkbox({ label, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div css={row}>
      <input id={id} type="checkbox" css={[box, focusRing]} {...input} />
      <label htmlFor={id} css={input.disabled ? { color: colors.muted } : undefined}>
        {label}
      </label>
    </div>
  );
}
