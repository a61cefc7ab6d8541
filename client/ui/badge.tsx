import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { colors } from './theme.ts';

const badgeStyle = css({
  display: 'inline-block',
  minWidth: '1.5em',
  padding: '0 0.45em',
  borderRadius: '999px',
  fontSize: '0.8rem',
  fontWeight: 700,
  lineHeight: '1.5em',
  textAlign: 'center',
});

const tones = {
  danger: { background: colors.danger, color: colors.onPrimary },
  primary: { background: colors.primary, color: colors.onPrimary },
  light: { background: colors.onNavbar, color: colors.text },
} as const;

/** A small count or label pill; it renders nothing for empty content (a blank badge). */
export function Badge({ children, tone = 'danger', label }: { children?: ReactNode; tone?: keyof typeof tones; label?: string }) {
  if (children === undefined || children === null || children === '') return null;
  return (
    <span css={[badgeStyle, tones[tone]]} aria-label={label}>
      {children}
    </span>
  );
}

/** A red dot that marks something unread; its meaning is given to screen readers by `label`. */
export function Dot({ label }: { label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      css={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', background: '#ef4444' }}
    />
  );
}
