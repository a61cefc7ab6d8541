import { Global, css } from '@emotion/react';
import { colors } from './theme.ts';

const styles = css({
  '*, *::before, *::after': { boxSizing: 'border-box' },
  html: { scrollBehavior: 'auto' },
  body: {
    margin: 0,
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    lineHeight: 1.5,
    color: colors.text,
    background: colors.background,
  },
  'img, svg': { maxWidth: '100%' },
  a: { color: colors.primary },
  ':focus-visible': { outline: `3px solid ${colors.focus}`, outlineOffset: 2 },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': { transition: 'none !important', animation: 'none !important' },
  },
});

export function GlobalStyles() {
  return <Global styles={styles} />;
}
