import { css } from '@emotion/react';
import { useState, type ReactNode } from 'react';
import { breakpoints, colors, focusRing, media, radius, space } from '../../ui/theme.ts';

const summaryStyle = css(
  {
    cursor: 'pointer',
    fontWeight: 600,
    padding: `${space(2)} ${space(3)}`,
    border: `1px solid ${colors.border}`,
    borderRadius: radius,
    marginTop: space(3),
    [media.lg]: { display: 'none' },
  },
  focusRing,
);

const wideScreen = () => typeof window.matchMedia !== 'function' || window.matchMedia(`(min-width: ${breakpoints.lg}px)`).matches;

/**
 * On a phone the filters start folded so the products show first; on wide screens they
 * stay open beside the list (spec section 2: the responsive breakpoint is lg).
 */
export function FiltersDisclosure({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(wideScreen);
  return (
    <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary css={summaryStyle}>Filters</summary>
      {children}
    </details>
  );
}
