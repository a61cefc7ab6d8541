import { css } from '@emotion/react';
import { SHOP_NAME } from '../../ui/page-title.tsx';
import { chatButtonClearance, colors, media, space } from '../../ui/theme.ts';

// On a narrow screen the floating chat button sits over the footer's end: the text stays above it.
const footerStyle = css({
  marginTop: space(10),
  padding: `${space(6)} ${space(3)} ${chatButtonClearance}px`,
  background: colors.navbar,
  color: colors.onNavbar,
  textAlign: 'center',
  [media.lg]: { paddingBottom: space(6) },
});

/** Spec section 1: a footer with a copyright line. */
export function Footer() {
  return (
    <footer css={footerStyle}>
      <p css={{ margin: 0 }}>
        Copyright © {new Date().getFullYear()} {SHOP_NAME}. Best Online Shop
      </p>
    </footer>
  );
}
