import { css } from '@emotion/react';
import type { ComponentPropsWithoutRef } from 'react';
import { colors, radius, space } from './theme.ts';

export const cardStyle = css({
  display: 'flex',
  flexDirection: 'column',
  background: colors.background,
  border: `1px solid ${colors.border}`,
  borderRadius: radius,
  overflow: 'hidden',
});

export const cardBody = css({ padding: space(4), display: 'flex', flexDirection: 'column', gap: space(2), flex: 1 });

/** A bordered box; use `as`-free composition: <Card><img/><CardBody>…</CardBody></Card>. */
export function Card(props: ComponentPropsWithoutRef<'article'>) {
  return <article css={cardStyle} {...props} />;
}

export function CardBody(props: ComponentPropsWithoutRef<'div'>) {
  return <div css={cardBody} {...props} />;
}
