import { css } from '@emotion/react';
import { useState, type ReactNode } from 'react';
import { useHydrated } from '../../lib/hydration.ts';
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
 * stay open beside the list (spec section 2: the responsive breakpoint is lg). The server cannot
 * know the screen: its HTML has them folded (on a phone nothing moves), and a wide screen opens
 * them beside the list after hydration.
 */
export function FiltersDisclosure({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? (hydrated && wideScreen());
  return (
    <details open={open} onToggle={(e) => setChosen(e.currentTarget.open)}>
      <summary css={summaryStyle}>Filters</summary>
      {children}
    </details>
  );
}
