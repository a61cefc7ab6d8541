import { useState } from 'react';
import type { ProductSummary } from '../../../../contracts/product.ts';
import { api, errorMessage } from '../../../app/api.ts';
import { paths } from '../../../app/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { actionsCell, tableStyle, tableWrap } from '../admin-styles.ts';
import { TableSkeleton } from '../table-skeleton.tsx';
import { useAdminGet } from '../use-admin-get.ts';

/** /admin/products: every product, with edit, delete ('Are you sure?') and create. */
export function AdminProductsPage() {
  usePageTitle('Products');
  const products = useAdminGet<ProductSummary[]>('/api/products/admin');
  const toast = useToast();
  const [pending, setPending] = useState<ProductSummary | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = async (product: ProductSummary) => {
    setPending(null);
    setError(null);
    try {
      await api.delete(`/api/products/admin/${encodeURIComponent(product._id)}`);
      toast(`${product.name} was removed`, 'success');
      products.reload();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <section>
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
        <h1>Product list</h1>
        <LinkButton to={paths.admin.createProduct.to()}>Create new</LinkButton>
      </div>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {products.status !== 'success' ? (
        <TableSkeleton label="Loading products ...." />
      ) : (
        <div css={tableWrap}>
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
              {products.data.map((p, i) => (
                <tr key={p._id}>
                  <td>{i + 1}</td>
                  <td>{p.name}</td>
                  <td>${p.price}</td>
                  <td>{p.category}</td>
                  <td css={actionsCell}>
                    <LinkButton variant="secondary" to={paths.admin.editProduct.to(p._id)} aria-label={`Edit ${p.name}`}>
                      Edit
                    </LinkButton>
                    <Button variant="danger" onClick={() => setPending(p)} aria-label={`Delete ${p.name}`}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog open={pending !== null} onCancel={() => setPending(null)} onConfirm={() => pending && void remove(pending)} />
    </section>
  );
}
