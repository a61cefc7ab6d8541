import { css } from '@emotion/react';
import { colors, focusRing, space } from './theme.ts';
import { visuallyHiddenStyle } from './visually-hidden.tsx';

/** A link that jumps past a block (the header, a list's filters): hidden until a keyboard focuses it. */
export const skipLinkStyle = css(
  visuallyHiddenStyle,
  {
    '&:focus': {
      position: 'fixed',
      top: 8,
      left: 8,
      zIndex: 2000,
      width: 'auto',
      height: 'auto',
      margin: 0,
      clip: 'auto',
      padding: space(3),
      background: colors.background,
    },
  },
  focusRing,
);
