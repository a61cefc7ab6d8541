import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { colors, focusRing } from './theme.ts';

const cover = (side: 'left' | 'right') =>
  `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, ${colors.background} 30%, rgba(255,255,255,0)) ${side} center / 40px 100% no-repeat local`;
const shade = (side: 'left' | 'right') =>
  `radial-gradient(farthest-side at ${side === 'left' ? '0' : '100%'} 50%, rgba(0,0,0,0.28), rgba(0,0,0,0)) ${side} center / 16px 100% no-repeat scroll`;

/**
 * Edge shadows that show only where more content hides: the white covers scroll with the content
 * ("local") and hide the shadows ("scroll") at an end that is reached. Pure CSS, no measuring.
 */
const regionStyle = css(
  {
    overflowX: 'auto',
    maxWidth: '100%',
    background: `${cover('left')}, ${cover('right')}, ${shade('left')}, ${shade('right')}`,
    backgroundColor: colors.background,
    // A row's own link (or its actions) sits in its last cell: on a narrow screen that cell stays
    // at the region's right edge while the other columns scroll under it, so every row's link is
    // on screen without scrolling sideways first.
    '& tr > :last-child': {
      position: 'sticky',
      right: 0,
      background: colors.background,
      boxShadow: `-6px 0 6px -6px rgba(0,0,0,0.28)`,
    },
    '& thead tr > :last-child': { background: colors.surface },
  },
  focusRing,
);

/**
 * A wide table's sideways scroll container on a narrow screen: a labelled region that takes
 * focus (so arrow keys scroll it, and a screen reader names it), with shadows at the edge that
 * has more. The screens e2e (tests/e2e/screens) accepts sideways overflow only inside one.
 */
export function ScrollRegion({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
    <div role="region" aria-label={label} tabIndex={0} css={regionStyle} className={className}>
      {children}
    </div>
  );
}
