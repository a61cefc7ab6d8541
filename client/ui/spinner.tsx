import { css, keyframes } from '@emotion/react';
import { colors, radius } from './theme.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
const pulse = keyframes({ '50%': { opacity: 0.5 } });

const ring = css({
  display: 'inline-block',
  width: 24,
  height: 24,
  border: `3px solid ${colors.border}`,
  borderTopColor: colors.primary,
  borderRadius: '50%',
  animation: `${spin} 0.8s linear infinite`,
  verticalAlign: 'middle',
});

/** A busy indicator with a text for screen readers (default 'Loading ...'). */
export function Spinner({ label = 'Loading ...' }: { label?: string }) {
  return (
    <span role="status">
      <span css={ring} aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

/**
 * A grey placeholder of the final content's size, so the page does not jump when data
 * arrives. Hidden from assistive tech: the surrounding region says it is busy.
 */
export function Skeleton({
  width = '100%',
  height = 16,
  rounded,
}: {
  width?: number | string;
  height?: number | string;
  rounded?: boolean;
}) {
  return (
    <span
      aria-hidden="true"
      data-skeleton=""
      css={{
        display: 'block',
        width,
        height,
        background: colors.surface,
        borderRadius: rounded ? '50%' : radius,
        animation: `${pulse} 1.5s ease-in-out infinite`,
      }}
    />
  );
}
