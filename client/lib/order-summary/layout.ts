import { css } from '@emotion/react';
import { colors, media, space } from '../../ui/theme.ts';

/** Details on the left, the totals box on the right from lg up (spec section 2's breakpoint). */
export const twoColumns = css({ display: 'grid', gap: space(6), [media.lg]: { gridTemplateColumns: '2fr 1fr', alignItems: 'start' } });
export const boxStyle = css({ border: `1px solid ${colors.border}`, borderRadius: 6, padding: space(4), display: 'grid', gap: space(3) });
export const blockHeading = css({ fontSize: '1.25rem', margin: `0 0 ${space(2)}` });
