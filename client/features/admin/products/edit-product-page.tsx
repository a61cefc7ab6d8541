import { useNavigate, useParams } from 'react-router-dom';
import type { Product, ProductBody } from '#contracts/product.ts';
import { api } from '../../../lib/api.ts';
import { useCategories } from '../../../lib/categories-store.ts';
import { paths } from '../../../lib/paths.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { usePageTitle } from '../../../ui/page-title.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { useForm } from '../../../ui/use-form.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { TableSkeleton } from '../table-skeleton.tsx';
import { useReturnTo } from '../return-to.ts';
import { useAdminGet } from '../use-admin-get.ts';
import { productSchema, type ProductDraft } from './product-fields.ts';
import { ProductForm } from './product-form.tsx';
import { ProductImages } from './product-images.tsx';

const draftOf = (p: Product): ProductDraft => ({
  name: p.name,
  description: p.description,
  count: String(p.count),
  price: String(p.price),
  category: p.category,
  attributesTable: p.attrs,
});

function EditProductForm({ product }: { product: Product }) {
  const { categories } = useCategories();
  const navigate = useNavigate();
  const back = useReturnTo(paths.admin.products.to());
  const toast = useToast();
  const update = useSubmit(
    (body: ProductBody, signal: AbortSignal) => api.put(`/api/products/admin/${encodeURIComponent(product._id)}`, body, { signal }),
    () => {
      toast('product updated', 'success');
      navigate(back);
    },
  );

  const form = useForm(productSchema, () => draftOf(product), update.submit);

  return (
    <ProductForm form={form} categories={categories} submitLabel="UPDATE" busy={update.sending} error={update.error}>
      <ProductImages productId={product._id} initial={product.images} />
    </ProductForm>
  );
}

/** /admin/edit-product/{id}: the product's fields, attributes and images. */
export function AdminEditProductPage() {
  usePageTitle('Edit product');
  const { id = '' } = useParams();
  const back = useReturnTo(paths.admin.products.to());
  const product = useAdminGet<Product>(`/api/products/get-one/${encodeURIComponent(id)}`);
  return (
    <section>
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
        <h1>Edit product</h1>
        <LinkButton variant="secondary" to={back}>
          Go back
        </LinkButton>
      </div>
      {product.status === 'error' ? (
        <LoadFailed error={product.error} onRetry={product.reload} />
      ) : product.status === 'loading' ? (
        <TableSkeleton rows={6} label="Loading product details ..." />
      ) : (
        <EditProductForm key={product.data._id} product={product.data} />
      )}
    </section>
  );
}
