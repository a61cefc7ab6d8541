import { css } from '@emotion/react';
import type { ComponentPropsWithoutRef } from 'react';

/** Text for screen readers only: still in the accessibility tree, never on screen. */
export const visuallyHiddenStyle = css({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

export function VisuallyHidden(props: ComponentPropsWithoutRef<'span'>) {
  return <span css={visuallyHiddenStyle} {...props} />;
}
