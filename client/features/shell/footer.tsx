import { css } from '@emotion/react';
import { SHOP_NAME } from '../../ui/page-title.tsx';
import { colors, space } from '../../ui/theme.ts';

const footerStyle = css({ marginTop: space(10), padding: `${space(6)} ${space(3)}`, background: colors.navbar, color: colors.onNavbar, textAlign: 'center' });

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
