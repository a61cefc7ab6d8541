import { css } from '@emotion/react';
import { useReportProblem } from '../../lib/report-problem.ts';
import { SHOP_NAME } from '../../ui/page-title.tsx';
import { chatButtonClearance, colors, focusRing, media, space } from '../../ui/theme.ts';

// On a narrow screen the floating chat button sits over the footer's end: the text stays above it.
const footerStyle = css({
  marginTop: space(10),
  padding: `${space(6)} ${space(3)} ${chatButtonClearance}px`,
  background: colors.navbar,
  color: colors.onNavbar,
  textAlign: 'center',
  [media.lg]: { paddingBottom: space(6) },
});

const reportStyle = css(
  {
    marginTop: space(2),
    padding: 0,
    color: 'inherit',
    background: 'none',
    border: 0,
    font: 'inherit',
    textDecoration: 'underline',
    cursor: 'pointer',
  },
  focusRing,
);

/** Spec section 1: a footer with a copyright line; and `Report a problem`, on every page. */
export function Footer() {
  const report = useReportProblem();
  return (
    <footer css={footerStyle}>
      <p css={{ margin: 0 }}>
        Copyright © {new Date().getFullYear()} {SHOP_NAME}. Best Online Shop
      </p>
      {report ? (
        <button type="button" css={reportStyle} onClick={report}>
          Report a problem
        </button>
      ) : null}
    </footer>
  );
}
