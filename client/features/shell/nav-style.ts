import { css } from '@emotion/react';
import { colors, focusRing, media, radius, space } from '../../ui/theme.ts';

/** Links and buttons on the dark navbar: light text, a visible hover and focus. */
export const navLinkStyle = css(
  {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: 40,
    // narrow on a phone, so brand, account links and the cart with its badge share one row
    padding: `${space(2)} ${space(1.5)}`,
    [media.lg]: { padding: `${space(2)} ${space(3)}` },
    color: colors.onNavbar,
    textDecoration: 'none',
    background: 'transparent',
    border: 0,
    borderRadius: radius,
    font: 'inherit',
    cursor: 'pointer',
    '&:hover': { background: 'rgba(255,255,255,0.12)' },
  },
  focusRing,
);
