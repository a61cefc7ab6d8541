import { css } from '@emotion/react';
import { colors, focusRing, radius, space } from '../../ui/theme.ts';

export const logStyle = css({
  listStyle: 'none',
  margin: 0,
  padding: space(3),
  display: 'flex',
  flexDirection: 'column',
  gap: space(2),
  overflowY: 'auto',
});

const bubble = css({
  maxWidth: '85%',
  padding: `${space(2)} ${space(3)}`,
  borderRadius: radius,
  // Plain text keeps the shopper's line breaks and cannot stretch the panel with a long word.
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  '& p': { margin: 0 },
  '& strong': { display: 'block', fontSize: '0.8rem' },
});
/** Who is "me" depends on the screen: the shopper in the widget, the admin on /admin/chats. */
export const mineStyle = css(bubble, { alignSelf: 'flex-end', background: colors.primary, color: colors.onPrimary });
export const theirsStyle = css(bubble, {
  alignSelf: 'flex-start',
  background: colors.surface,
  color: colors.text,
  border: `1px solid ${colors.border}`,
});
/** A line neither side wrote (a shared screen's, in a transcript): centred and quiet. */
export const noteStyle = css({ alignSelf: 'center', fontSize: '0.85rem', color: colors.muted, fontStyle: 'italic' });

export const composerStyle = css({
  padding: space(3),
  borderTop: `1px solid ${colors.border}`,
  '& textarea': { resize: 'vertical', minHeight: 64 },
  '& > div': { marginBottom: space(2) },
});

export const statusLine = css({ margin: `${space(2)} ${space(3)} 0`, fontSize: '0.9rem', color: colors.muted });

export const iconButton = css(
  {
    background: 'transparent',
    border: 0,
    color: 'inherit',
    fontSize: '1.5rem',
    lineHeight: 1,
    cursor: 'pointer',
    minWidth: 40,
    minHeight: 40,
    borderRadius: radius,
  },
  focusRing,
);
