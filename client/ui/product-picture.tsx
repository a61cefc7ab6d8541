import { css } from '@emotion/react';
import type { ImgHTMLAttributes } from 'react';
import { srcSet } from '#contracts/images.ts';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height'> & {
  image: { path: string; width?: number; height?: number };
  /** The box the image fills, in CSS px: its aspect ratio reserves the space before the bytes come. */
  width: number;
  height: number;
  /** How wide the image is shown, as `<img sizes>` says it: `80px`, `(min-width: 992px) 50vw, 100vw`. */
  sizes: string;
};

/**
 * A product photo: AVIF, else WebP, at the width the screen needs, from the
 * variants every upload has (contracts/images.ts); the JPEG or PNG at the spec's `path` for
 * browsers with neither. An image without a known width (a hosted one, or one not yet
 * rebuilt) is a plain `<img>`. `className` (emotion's `css`) styles the `<img>`; the
 * `<picture>` around it takes no box of its own, and neither do its `<source>`s: no UA style hides
 * them, so inside a grid they would each take a cell and push the `<img>` along the row.
 */
const pictureStyle = css({ display: 'contents', '& > source': { display: 'none' } });

export function ProductPicture({ image, width, height, sizes, alt = '', ...img }: Props) {
  const avif = srcSet(image, 'avif');
  const fallback = <img src={image.path} alt={alt} width={width} height={height} {...img} />;
  if (!avif) return fallback;
  return (
    <picture css={pictureStyle}>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(image, 'webp')} sizes={sizes} />
      {fallback}
    </picture>
  );
}
