import { css } from '@emotion/react';
import type { ProductSummary } from '#contracts/product.ts';
import { snippet } from '#contracts/rules.ts';
import { paths } from '../../lib/paths.ts';
import { LinkButton } from '../../ui/button.tsx';
import { Card, CardBody } from '../../ui/card.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { Stars } from '../../ui/stars.tsx';
import { formatDollars } from '../../ui/money.ts';
import { breakpoints, colors, media, space } from '../../ui/theme.ts';
import { ProductPicture } from '../../ui/product-picture.tsx';

export const CARD_IMAGE = { width: 400, height: 300 } as const;
/** Full width on a phone; 280 px beside the text from the lg breakpoint. */
export const CARD_SIZES = `(min-width: ${breakpoints.lg}px) 280px, 100vw`;

const cardStyle = css({ [media.lg]: { flexDirection: 'row' } });
const imageStyle = css({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: `${CARD_IMAGE.width} / ${CARD_IMAGE.height}`,
  objectFit: 'cover',
  background: colors.surface,
  [media.lg]: { width: 280, flexShrink: 0 },
});
const priceStyle = css({ fontSize: '1.25rem', fontWeight: 700, margin: 0 });

/**
 * A list card: image, name, the 200-character preview, rating, price and a details link.
 * `first`: the list's first card, whose image is the first screen's largest paint: never lazy,
 * fetched first.
 */
export function ProductCard({ product, first = false }: { product: ProductSummary; first?: boolean }) {
  const image = product.images[0];
  return (
    <Card css={cardStyle}>
      {image ? (
        <ProductPicture
          image={image}
          width={CARD_IMAGE.width}
          height={CARD_IMAGE.height}
          sizes={CARD_SIZES}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : undefined}
          css={imageStyle}
        />
      ) : (
        <div css={imageStyle} aria-hidden="true" />
      )}
      <CardBody>
        <h2 css={{ margin: 0, fontSize: '1.25rem' }}>{product.name}</h2>
        <p css={{ margin: 0, color: colors.muted }}>{snippet(product.description)}</p>
        <p css={{ margin: 0, display: 'flex', alignItems: 'center', gap: space(2) }}>
          <Stars rating={product.rating} /> <span>({product.reviewsNumber})</span>
        </p>
        <p css={priceStyle}>{formatDollars(product.price)}</p>
        <div>
          <LinkButton to={paths.productDetails.to(product._id)} aria-label={`See product ${product.name}`}>
            See product
          </LinkButton>
        </div>
      </CardBody>
    </Card>
  );
}

/** The shape of a card while the list loads, so nothing jumps when products arrive. */
export function ProductCardSkeleton() {
  return (
    <Card css={cardStyle} aria-hidden="true">
      <div css={imageStyle}>
        <Skeleton height="100%" />
      </div>
      <CardBody>
        <Skeleton height={28} width="60%" />
        <Skeleton height={16} />
        <Skeleton height={16} width="80%" />
        <Skeleton height={40} width="30%" />
      </CardBody>
    </Card>
  );
}
