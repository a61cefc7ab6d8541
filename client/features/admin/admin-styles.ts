import { css } from '@emotion/react';
import { colors, space } from '../../ui/theme.ts';

/** The admin lists are plain data tables: readable rows, in a ScrollRegion that scrolls sideways on a phone. */
export const tableWrap = css({ marginTop: space(4) });

export const tableStyle = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '0.95rem',
  'th, td': { padding: `${space(2)} ${space(3)}`, borderBottom: `1px solid ${colors.border}`, textAlign: 'left', verticalAlign: 'middle' },
  th: { background: colors.surface, fontWeight: 700 },
  'tbody tr:hover': { background: colors.surface },
});

export const actionsCell = css({ display: 'flex', gap: space(2), flexWrap: 'wrap' });

export const formGrid = css({ maxWidth: 640 });

export const mutedText = css({ color: colors.muted });
