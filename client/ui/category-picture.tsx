import { css } from '@emotion/react';
import { colors } from './theme.ts';

const box = css({
  display: 'grid',
  placeItems: 'center',
  width: '100%',
  height: 'auto',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  background: colors.surface,
  color: colors.muted,
});

/**
 * A category's picture, or a neutral one (a plain tag drawn on the surface colour) for a
 * category that has none yet: an empty box read as a picture that failed to load.
 */
export function CategoryPicture({ image, width = 400 }: { image: string; width?: number }) {
  if (image) return <img src={image} alt="" width={width} height={(width * 3) / 4} loading="lazy" css={box} />;
  return (
    <div css={box} data-neutral-picture="" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="30%" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9-9-9z" />
        <circle cx="7.5" cy="7.5" r="1.5" />
      </svg>
    </div>
  );
}
