import { css } from '@emotion/react';
import type { ProductSummary } from '#contracts/product.ts';
import { useCategories } from '../../lib/categories-store.ts';
import { BESTSELLERS_URL } from '../../lib/api-urls.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import { Alert } from '../../ui/alert.tsx';
import { Card, CardBody } from '../../ui/card.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { HydrateLater } from '../../ui/hydrate-later.tsx';
import { Skeleton } from '../../ui/spinner.tsx';
import { space } from '../../ui/theme.ts';
import { visuallyHiddenStyle } from '../../ui/visually-hidden.tsx';
import { BestsellerCarousel } from './bestseller-carousel.tsx';
import { SLIDE_IMAGE_HEIGHT } from './bestseller-slide.tsx';
import { CategoryGrid } from './category-grid.tsx';

const sectionStyle = css({ marginBottom: space(8) });

function GridSkeleton() {
  return (
    <div aria-hidden="true" css={{ display: 'grid', gap: space(4), gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <Skeleton height={180} />
          <CardBody>
            <Skeleton height={24} width="60%" />
            <Skeleton height={16} />
            <Skeleton height={40} width="50%" />
          </CardBody>
        </Card>
      ))}
    </div>
  );
}

/** Spec section 2, home: the bestseller carousel and the grid of top-level categories. */
export function HomePage() {
  usePageTitle();
  const bestsellers = useApiGet<ProductSummary[]>(BESTSELLERS_URL);
  const categories = useCategories();
  const categoriesLoading = categories.status === 'idle' || categories.status === 'loading';
  return (
    <>
      <h1 css={visuallyHiddenStyle}>Statefront - Best Online Shop</h1>
      <section css={sectionStyle} aria-labelledby="bestsellers-heading" aria-busy={bestsellers.status === 'loading'}>
        <h2 id="bestsellers-heading" css={visuallyHiddenStyle}>
          Bestsellers
        </h2>
        {bestsellers.status === 'loading' ? (
          <div aria-hidden="true">
            <Skeleton height={SLIDE_IMAGE_HEIGHT} />
            <div css={{ padding: space(4), display: 'grid', gap: space(2), justifyItems: 'center' }}>
              <Skeleton height={28} width="50%" />
              <Skeleton height={16} width="80%" />
            </div>
          </div>
        ) : bestsellers.status === 'error' ? (
          <Alert tone="danger">{bestsellers.error}</Alert>
        ) : (
          <BestsellerCarousel products={bestsellers.data} />
        )}
      </section>
      <section css={sectionStyle} aria-labelledby="categories-heading" aria-busy={categoriesLoading}>
        <h2 id="categories-heading">Categories</h2>
        {categories.status === 'error' ? (
          <Alert tone="danger">{categories.error}</Alert>
        ) : categoriesLoading ? (
          <GridSkeleton />
        ) : (
          // Below the carousel on a phone's first screen: hydrated after it.
          <HydrateLater>
            <CategoryGrid categories={categories.categories} />
          </HydrateLater>
        )}
      </section>
    </>
  );
}
