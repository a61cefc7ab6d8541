import { css } from '@emotion/react';
import type { ComponentPropsWithoutRef } from 'react';
import { Link, type LinkProps } from './link.tsx';
import { colors, focusRing, radius, space } from './theme.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

const base = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space(2),
  minHeight: 40,
  padding: `${space(2)} ${space(4)}`,
  border: '1px solid transparent',
  borderRadius: radius,
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
  '&:disabled, &[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
});

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css({ background: colors.primary, color: colors.onPrimary, '&:hover:not(:disabled)': { background: colors.primaryHover } }),
  secondary: css({
    background: colors.background,
    color: colors.text,
    borderColor: colors.border,
    '&:hover:not(:disabled)': { background: colors.surface },
  }),
  danger: css({ background: colors.danger, color: colors.onPrimary }),
  link: css({ background: 'transparent', color: colors.primary, padding: 0, minHeight: 0, textDecoration: 'underline' }),
};

export const buttonStyle = (variant: ButtonVariant = 'primary') => [base, variants[variant], focusRing];

export type ButtonProps = ComponentPropsWithoutRef<'button'> & { variant?: ButtonVariant };

/** A native button; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', type = 'button', ...props }: ButtonProps) {
  return <button type={type} css={buttonStyle(variant)} {...props} />;
}

export type LinkButtonProps = LinkProps & { variant?: ButtonVariant };

/** A router link that looks like a button: navigation stays a link for assistive tech. */
export function LinkButton({ variant = 'primary', ...props }: LinkButtonProps) {
  return <Link css={buttonStyle(variant)} {...props} />;
}
