import { css } from '@emotion/react';
import { useState } from 'react';
import type { ProductImage } from '#contracts/product.ts';
import { colors, focusRing, radius, space } from '../../ui/theme.ts';
import { ImageZoom } from './image-zoom.tsx';
import { ProductPicture } from '../../ui/product-picture.tsx';

const thumbs = css({ display: 'flex', gap: space(2), listStyle: 'none', padding: 0, margin: `${space(2)} 0 0` });
const thumb = css(
  {
    padding: 0,
    border: `2px solid ${colors.border}`,
    borderRadius: radius,
    background: colors.surface,
    cursor: 'pointer',
    overflow: 'hidden',
    '&[aria-pressed="true"]': { borderColor: colors.primary },
  },
  focusRing,
);

/** One large zoomable picture and, when there are more, buttons to choose which. */
export function ImageGallery({ images, name }: { images: readonly ProductImage[]; name: string }) {
  const [shown, setShown] = useState(0);
  const current = images[shown] ?? images[0];
  if (!current) return <div aria-hidden="true" css={{ aspectRatio: '4 / 3', background: colors.surface, borderRadius: radius }} />;
  return (
    <div>
      <ImageZoom key={current.path} image={current} alt={`${name}, picture ${shown + 1} of ${images.length}`} eager />
      {images.length > 1 ? (
        <ul css={thumbs} aria-label="Pictures">
          {images.map((img, i) => (
            <li key={img.path}>
              <button type="button" css={thumb} aria-label={`Show picture ${i + 1}`} aria-pressed={i === shown} onClick={() => setShown(i)}>
                <ProductPicture
                  image={img}
                  width={96}
                  height={72}
                  sizes="96px"
                  loading="lazy"
                  css={{ display: 'block', objectFit: 'cover' }}
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
