import { css } from '@emotion/react';
import { Link } from '../../ui/link.tsx';
import type { ProductSummary } from '#contracts/product.ts';
import { snippet } from '#contracts/rules.ts';
import { paths } from '../../lib/paths.ts';
import { colors, space } from '../../ui/theme.ts';
import { ProductPicture } from '../../ui/product-picture.tsx';

/** Contained in a 300 px high band: as wide as its shape makes it at that height, at most the screen. */
export const slideSizes = (image: { width?: number; height?: number }): string =>
  `min(100vw, ${image.width && image.height ? Math.round((SLIDE_IMAGE_HEIGHT * image.width) / image.height) : SLIDE_IMAGE_WIDTH}px)`;

/** Spec section 9: slide images are 300 px high. */
export const SLIDE_IMAGE_HEIGHT = 300;
const SLIDE_IMAGE_WIDTH = 800;

const imageStyle = css({ display: 'block', width: '100%', height: SLIDE_IMAGE_HEIGHT, objectFit: 'contain', background: colors.surface });
const captionStyle = css({ padding: `${space(3)} ${space(12)} ${space(4)}`, textAlign: 'center', minHeight: 140 });

export type BestsellerSlideProps = { product: ProductSummary; position: number; total: number; active: boolean; first: boolean };

/** One bestseller: first image, 'Bestseller in {category} Category' linking to the product, a snippet. */
export function BestsellerSlide({ product, position, total, active, first }: BestsellerSlideProps) {
  const image = product.images[0];
  return (
    <div role="group" aria-roledescription="slide" aria-label={`${position} of ${total}`} hidden={!active}>
      {image ? (
        <ProductPicture
          image={image}
          alt={product.name}
          width={SLIDE_IMAGE_WIDTH}
          height={SLIDE_IMAGE_HEIGHT}
          sizes={slideSizes(image)}
          css={imageStyle}
          // The first slide is the page's largest early image; the others wait until shown.
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
        />
      ) : (
        <div css={imageStyle} aria-hidden="true" />
      )}
      <div css={captionStyle}>
        <h2 css={{ margin: `0 0 ${space(2)}`, fontSize: '1.35rem' }}>
          <Link to={paths.productDetails.to(product._id)}>Bestseller in {product.category} Category</Link>
        </h2>
        <p css={{ margin: 0, color: colors.muted }}>{snippet(product.description)}</p>
      </div>
    </div>
  );
}
