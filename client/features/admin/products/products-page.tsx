import type { ProductSummary } from '#contracts/product.ts';
import { useLocation } from 'react-router-dom';
import { paths } from '../../../lib/paths.ts';
import { formatDollars } from '../../../ui/money.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { tableStyle, tableWrap } from '../admin-styles.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { AdminListBody } from '../admin-list-body.tsx';
import { AdminPager } from '../admin-pager.tsx';
import { RowActions } from '../row-actions.tsx';
import { useAdminPage } from '../use-admin-page.ts';
import { useConfirmedDelete } from '../use-confirmed-delete.tsx';
import { CategoriesPanel } from './categories-panel.tsx';
import { ProductsSearch, searchOf } from './products-search.tsx';

/**
 * /admin/products: the products a page at a time, newest first, found by name with the search
 * box (`?search=`, asked of the API), with edit, delete ('Are you sure?') and create; then the
 * categories, each with its own delete.
 */
export function AdminProductsPage() {
  usePageTitle('Products');
  const search = searchOf(useLocation().search);
  const products = useAdminPage<ProductSummary>('/api/products/admin', { params: { search } });
  const { ask, error, dialog } = useConfirmedDelete<ProductSummary>({
    url: (p) => `/api/products/admin/${encodeURIComponent(p._id)}`,
    removed: (p) => `${p.name} was removed`,
    onRemoved: products.reload,
  });

  return (
    <section>
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
        <h1>Product list</h1>
        <LinkButton to={paths.admin.createProduct.to()}>Create new</LinkButton>
      </div>
      <ProductsSearch />
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {search && products.shown ? (
        <p role="status">
          {products.shown.total === 0 ? `No product name holds “${search}”.` : `${products.shown.total} found for “${search}”.`}
        </p>
      ) : null}
      <AdminListBody list={products} label="Loading products ....">
        {(shown) => (
          <>
            <ScrollRegion label="Products" css={tableWrap}>
              <table css={tableStyle}>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Product name</th>
                    <th scope="col">Price</th>
                    <th scope="col">Category</th>
                    <th scope="col">Edit/Delete</th>
                  </tr>
                </thead>
                <tbody>
                  {shown.data.map((p, i) => (
                    <tr key={p._id}>
                      <td>{products.offset + i + 1}</td>
                      <td>{p.name}</td>
                      <td>{formatDollars(p.price)}</td>
                      <td>{p.category}</td>
                      <RowActions editTo={paths.admin.editProduct.to(p._id)} label={p.name} onDelete={() => ask(p)} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <AdminPager page={products.page} pages={products.pages} hrefOf={products.hrefOf} label="Products" />
          </>
        )}
      </AdminListBody>
      {dialog}
      <CategoriesPanel />
    </section>
  );
}
