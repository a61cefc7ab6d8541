import { css } from '@emotion/react';
import { useParams } from 'react-router-dom';
import type { Product } from '#contracts/product.ts';
import { Alert } from '../../ui/alert.tsx';
import { HydrateLater } from '../../ui/hydrate-later.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { formatDollars } from '../../ui/money.ts';
import { usePageTitle } from '../../ui/page-title.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { Stars } from '../../ui/stars.tsx';
import { colors, media, space } from '../../ui/theme.ts';
import { AddToCart } from './add-to-cart.tsx';
import { ImageGallery } from './image-gallery.tsx';
import { ProductJsonLd } from './product-json-ld.tsx';
import { ReviewForm } from './review-form.tsx';
import { ReviewsList } from './reviews-list.tsx';
import { Specifications } from './specifications.tsx';
import { useKioskMode } from '../kiosk/kiosk-mode.ts';
import { useProduct } from './use-product.ts';

const layout = css({ display: 'grid', gap: space(6), [media.lg]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } });

function Details({ product, onReviewed }: { product: Product; onReviewed: () => void }) {
  const kiosk = useKioskMode().active;
  return (
    <>
      <ProductJsonLd product={product} />
      <div css={layout}>
        <ImageGallery images={product.images} name={product.name} />
        <div>
          <h1 css={{ marginTop: 0 }}>{product.name}</h1>
          <p css={{ display: 'flex', alignItems: 'center', gap: space(2) }}>
            <Stars rating={product.rating} />{' '}
            <span>
              ({product.reviewsNumber} {product.reviewsNumber === 1 ? 'review' : 'reviews'})
            </span>
          </p>
          <p css={{ fontSize: '1.5rem', fontWeight: 700, margin: 0 }}>{formatDollars(product.price)}</p>
          <p css={{ color: colors.text, whiteSpace: 'pre-wrap' }}>{product.description}</p>
          <AddToCart product={product} />
          <Specifications attrs={product.attrs} />
        </div>
      </div>
      <section aria-labelledby="reviews-title" css={{ marginTop: space(8), maxWidth: 720 }}>
        <h2 id="reviews-title">Reviews</h2>
        {/* Below the product on a phone's first screen: hydrated after it. */}
        <HydrateLater>
          <ReviewsList reviews={product.reviews} />
          {/* A public terminal takes no reviews: its shopper is gone before one could be written. */}
          {kiosk ? null : <ReviewForm productId={product._id} onReviewed={onReviewed} />}
        </HydrateLater>
      </section>
    </>
  );
}

/** /product-details/:id (spec section 2). */
export default function ProductDetailsPage() {
  const { id = '' } = useParams();
  const { product, error, gone, reload } = useProduct(id);
  usePageTitle(product?.name ?? 'Product details');
  // A product that is not there will not be there on a second try; any other failure may pass.
  if (error) return gone ? <Alert tone="danger">{error}</Alert> : <LoadFailed error={error} onRetry={reload} />;
  if (!product) {
    return (
      <div aria-busy="true">
        <p role="status">Loading product details ...</p>
        <div css={layout} aria-hidden="true">
          <Skeleton height={360} />
          <div css={{ display: 'grid', gap: space(3), alignContent: 'start' }}>
            <Skeleton height={36} width="70%" />
            <Skeleton height={20} width="40%" />
            <Skeleton height={32} width="25%" />
            <Skeleton height={80} />
          </div>
        </div>
      </div>
    );
  }
  return <Details product={product} onReviewed={reload} />;
}
