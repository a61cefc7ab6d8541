import { css } from '@emotion/react';
import type { ProductListResponse } from '#contracts/product.ts';
import { productsApiUrl } from '#machines/filters/filters.ts';
import { useCategories } from '../../lib/categories-store.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import { usePageTitle } from '../../ui/page-title.tsx';
import { media, space } from '../../ui/theme.ts';
import { FiltersDisclosure } from './filters-disclosure.tsx';
import { FiltersPanel } from './filters-panel.tsx';
import { HydrateLater } from '../../ui/hydrate-later.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import { SortSelect } from './sort-select.tsx';
import { useListUrl } from './use-list-url.ts';
import { skipLinkStyle } from '../../ui/skip-link.ts';

const RESULTS_ID = 'product-list-results';

const layout = css({ display: 'grid', gap: space(6), [media.lg]: { gridTemplateColumns: '260px 1fr' } });
const listStyle = css({ display: 'grid', gap: space(4), listStyle: 'none', padding: 0, margin: 0 });

/** Cards a phone shows before scrolling (one a row), hydrated with the page; the rest after it. */
const FIRST_SCREEN_CARDS = 2;

const titleOf = (category?: string, search?: string) =>
  [search ? `Search results for "${search}"` : null, category ? `Category ${category}` : null].filter(Boolean).join(' in ') || 'Products';

/** All eight list routes of spec section 2 render this page; it reads category, search and page from the URL. */
export default function ProductListPage() {
  const url = useListUrl();
  const { location, query } = url;
  const title = titleOf(location.categoryName, location.searchQuery);
  usePageTitle(title);
  const { categories } = useCategories();
  const list = useApiGet<ProductListResponse>(productsApiUrl(location, query));
  const panelKey = `${JSON.stringify(location)}?${JSON.stringify(query)}`;

  return (
    <div css={layout}>
      <aside aria-label="Sort and filter">
        {/* Every filter is a stop for the Tab key: a keyboard can go straight to the products. */}
        <a href={`#${RESULTS_ID}`} css={skipLinkStyle}>
          Skip to results
        </a>
        <SortSelect url={url} />
        <FiltersDisclosure>
          {/* Folded on a phone's first screen: hydrated after the products. */}
          <HydrateLater>
            <FiltersPanel key={panelKey} url={url} categories={categories} />
          </HydrateLater>
        </FiltersDisclosure>
      </aside>
      <section
        id={RESULTS_ID}
        tabIndex={-1}
        aria-labelledby="product-list-title"
        aria-busy={list.status === 'loading'}
        css={{ '&:focus': { outline: 'none' } }}
      >
        <h1 id="product-list-title" css={{ marginTop: 0, fontSize: '1.5rem', overflowWrap: 'anywhere' }}>
          {title}
        </h1>
        {list.status === 'loading' ? (
          <>
            <p role="status">Loading products ....</p>
            <div css={listStyle}>
              <ProductCardSkeleton />
              <ProductCardSkeleton />
              <ProductCardSkeleton />
            </div>
          </>
        ) : list.status === 'error' ? (
          <LoadFailed error="Error while loading products. Try again later." onRetry={list.reload} />
        ) : list.data.products.length === 0 ? (
          <p role="status">No products found. Try other filters or another search.</p>
        ) : (
          <>
            <ul css={listStyle}>
              {list.data.products.slice(0, FIRST_SCREEN_CARDS).map((p, i) => (
                <li key={p._id}>
                  {/* One card a row: the first row is the first card. */}
                  <ProductCard product={p} first={i === 0} />
                </li>
              ))}
              {/* The cards below a phone's first screen, and the pages' links: hydrated after it. */}
              <HydrateLater>
                {list.data.products.slice(FIRST_SCREEN_CARDS).map((p) => (
                  <li key={p._id}>
                    <ProductCard product={p} first={false} />
                  </li>
                ))}
              </HydrateLater>
            </ul>
            <HydrateLater>
              <Pagination pageNum={list.data.pageNum} linksNumber={list.data.paginationLinksNumber} hrefOf={url.pageHref} />
            </HydrateLater>
          </>
        )}
      </section>
    </div>
  );
}
