import { css } from '@emotion/react';
import type { ProductListResponse } from '../../../contracts/product.ts';
import { productsApiUrl } from '../../../machines/filters/filters.ts';
import { useCategories } from '../../lib/categories-store.ts';
import { useApiGet } from '../../lib/use-api-get.ts';
import { Alert } from '../../ui/alert.tsx';
import { usePageTitle } from '../../ui/page-title.tsx';
import { media, space } from '../../ui/theme.ts';
import { FiltersDisclosure } from './filters-disclosure.tsx';
import { FiltersPanel } from './filters-panel.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';
import { SortSelect } from './sort-select.tsx';
import { useListUrl } from './use-list-url.ts';

const layout = css({ display: 'grid', gap: space(6), [media.lg]: { gridTemplateColumns: '260px 1fr' } });
const listStyle = css({ display: 'grid', gap: space(4), listStyle: 'none', padding: 0, margin: 0 });

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
        <SortSelect url={url} />
        <FiltersDisclosure>
          <FiltersPanel key={panelKey} url={url} categories={categories} />
        </FiltersDisclosure>
      </aside>
      <section aria-labelledby="product-list-title" aria-busy={list.status === 'loading'}>
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
          <Alert tone="danger">Error while loading products. Try again later.</Alert>
        ) : list.data.products.length === 0 ? (
          <p role="status">No products found. Try other filters or another search.</p>
        ) : (
          <>
            <ul css={listStyle}>
              {list.data.products.map((p, i) => (
                <li key={p._id}>
                  {/* One card a row: the first row is the first card. */}
                  <ProductCard product={p} first={i === 0} />
                </li>
              ))}
            </ul>
            <Pagination pageNum={list.data.pageNum} linksNumber={list.data.paginationLinksNumber} hrefOf={url.pageHref} />
          </>
        )}
      </section>
    </div>
  );
}
