import { useId, useState } from 'react';
import { CategoryPicture } from '../../../ui/category-picture.tsx';
import { CategoryAttrsForm } from '../categories/category-attrs-form.tsx';
import { EditCategoryForm } from '../categories/category-forms.tsx';
import { CategoryPictureForm } from '../categories/category-picture-form.tsx';
import type { Category } from '#contracts/category.ts';
import { useCategories } from '../../../lib/categories-store.ts';
import { useCategoriesChange } from './use-categories-change.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { actionsCell, tableStyle, tableWrap } from '../admin-styles.ts';
import { TableSkeleton } from '../table-skeleton.tsx';
import { useConfirmedDelete } from '../use-confirmed-delete.tsx';

/**
 * The shop's categories under the products list, each with its own Delete ('Are you sure?', as
 * the shop's other deletes). The server refuses a category that products still use, with a
 * message saying so; a deleted one leaves the shared list at once (spec section 4), which is
 * then loaded again (deleting `A/B` may leave `A` as it was, or not).
 */
export function CategoriesPanel({ manage = false }: { manage?: boolean }) {
  // Which category is being edited (the categories page only).
  const [editing, setEditing] = useState<Category | null>(null);
  const headingId = useId();
  const { categories, status, error: loadError } = useCategories();
  // As the list has it now (a picture or a value changed meanwhile).
  const current = editing && (categories.find((c) => c.name === editing.name) ?? editing);
  const { replace, reload } = useCategoriesChange();
  const { ask, error, dialog } = useConfirmedDelete<Category>({
    url: (c) => `/api/categories/${encodeURIComponent(c.name)}`,
    removed: (c) => `Category ${c.name} was removed`,
    onRemoved: (gone) => {
      replace(categories.filter((c) => c.name !== gone.name));
      reload();
    },
  });

  return (
    <section aria-labelledby={headingId} css={{ marginTop: 32 }}>
      <h2 id={headingId}>Categories</h2>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {status === 'error' ? (
        <Alert tone="danger">{loadError}</Alert>
      ) : status !== 'success' ? (
        <TableSkeleton label="Loading categories ..." />
      ) : categories.length === 0 ? (
        <p>No categories yet: create one beside a new product.</p>
      ) : (
        <ScrollRegion label="Categories table" css={tableWrap}>
          <table css={tableStyle}>
            <thead>
              <tr>
                {manage ? <th scope="col">Picture</th> : null}
                <th scope="col">Category</th>
                {manage ? <th scope="col">Description</th> : null}
                {manage ? <th scope="col">Edit</th> : null}
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {categories.map((c) => (
                <tr key={c.name}>
                  {manage ? (
                    <td css={{ width: 96 }}>
                      <CategoryPicture image={c.image} width={96} />
                    </td>
                  ) : null}
                  <td>{c.name}</td>
                  {manage ? <td>{c.description}</td> : null}
                  {manage ? (
                    <td css={actionsCell}>
                      <Button variant="secondary" onClick={() => setEditing(c)} aria-label={`Edit category ${c.name}`}>
                        Edit
                      </Button>
                    </td>
                  ) : null}
                  <td css={actionsCell}>
                    <Button variant="danger" onClick={() => ask(c)} aria-label={`Delete category ${c.name}`}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {current ? <EditCategoryForm key={current.name} category={current} onDone={() => setEditing(null)} /> : null}
      {current ? <CategoryPictureForm category={current} /> : null}
      {current ? <CategoryAttrsForm category={current} /> : null}
      {dialog}
    </section>
  );
}
